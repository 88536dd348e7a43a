/// The words the offline source draws one nationality's people from: common first and family
/// names, real places, and number formats in which `#` is a digit and `@` a capital letter.
struct OfflineNationality: Sendable {
  let nat, country: String
  let male, female, last: [String]
  let places: [(city: String, state: String)]
  let streets: [String]
  let phone: String
  /// All `#`: the API sends a JSON number; otherwise a string.
  let postcode: String
  /// The identifier's name, and the pattern of its value (`nil`: the API sends `null`).
  let id: (name: String, pattern: String?)
  let timezone: (offset: String, description: String)

  static let all: [OfflineNationality] = [
    .init(
      nat: "US", country: "United States", male: ["James", "Robert", "Michael", "David", "Tyler", "Jesse"],
      female: ["Mary", "Linda", "Jennifer", "Susan", "Ashley", "Megan"],
      last: ["Smith", "Johnson", "Brown", "Miller", "Davis", "Wilson"],
      places: [("Austin", "Texas"), ("Denver", "Colorado"), ("Portland", "Oregon")],
      streets: ["Main Street", "Oak Avenue", "Pine Road"], phone: "(###) ###-####", postcode: "#####",
      id: ("SSN", "###-##-####"), timezone: ("-6:00", "Central Time (US & Canada), Mexico City")),
    .init(
      nat: "GB", country: "United Kingdom", male: ["Oliver", "Harry", "George", "Jack", "Alfie", "Owen"],
      female: ["Amelia", "Olivia", "Isla", "Emily", "Poppy", "Ella"],
      last: ["Taylor", "Evans", "Thomas", "Roberts", "Walker", "Wright"],
      places: [("Leeds", "West Yorkshire"), ("Bristol", "Avon"), ("York", "North Yorkshire")],
      streets: ["High Street", "Church Lane", "Mill Road"], phone: "0###-###-####", postcode: "@# #@@",
      id: ("NINO", "@@ ## ## ## @"), timezone: ("0:00", "Western Europe Time, London, Lisbon, Casablanca")),
    .init(
      nat: "DE", country: "Germany", male: ["Lukas", "Jonas", "Felix", "Jürgen", "Maximilian", "Paul"],
      female: ["Anna", "Lea", "Jutta", "Sophie", "Käthe", "Marie"],
      last: ["Müller", "Schmidt", "Krüger", "Weber", "Becker", "Hoffmann"],
      places: [("Rostock", "Mecklenburg-Vorpommern"), ("Kassel", "Hessen"), ("Jena", "Thüringen")],
      streets: ["Lindenstraße", "Gartenweg", "Schulstraße"], phone: "0###-#######", postcode: "#####",
      id: ("", nil), timezone: ("+1:00", "Brussels, Copenhagen, Madrid, Paris")),
  ]
}
