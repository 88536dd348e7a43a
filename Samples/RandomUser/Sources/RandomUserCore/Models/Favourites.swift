import ReactorFlow

/// The starred people, by ``Person/id``: one value that the list (``MainReactor``) and the detail
/// screen (``DetailReactor``) share. The detail writes it; both receive each change as a mutation.
///
/// ```swift
/// let favourites = Favourites([])
/// let main = MainReactor(client: .offline, favourites: favourites)
/// ```
/// The command line keeps it in a file with `FilePersistence`.
public typealias Favourites = SharedValue<Set<Person.ID>>
