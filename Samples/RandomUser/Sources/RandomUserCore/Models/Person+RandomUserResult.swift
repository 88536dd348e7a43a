import Foundation

extension Person {
  /// Maps one randomuser.me result to a person.
  ///
  /// - Parameter result: The decoded result.
  /// - Returns: The person, or `nil` when `dob.date` is not an ISO 8601 timestamp.
  public init?(result: RandomUserResult) {
    guard let dateOfBirth = RandomUserDate.parse(result.dob.date) else { return nil }
    self.init(
      id: result.login.uuid,
      name: "\(result.name.first) \(result.name.last)",
      age: result.dob.age,
      gender: result.gender,
      email: result.email,
      country: result.location.country,
      city: result.location.city,
      phone: result.phone,
      dateOfBirth: dateOfBirth,
      pictureURL: URL(string: result.picture.large)
    )
  }
}
