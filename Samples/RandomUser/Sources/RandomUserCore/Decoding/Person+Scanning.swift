import Foundation

// The fast path of `RandomUserDecoder.people(from:)`: reads one result straight into a `Person`,
// materializing only the fields a person has and skipping (but still validating) the rest.
// The tests check that it agrees with `Person(result:)` over the full model.

extension Person {
  init(scanning scanner: inout JSONScanner) throws(JSONScanner.Failure) {
    var id: String?
    var first: String?
    var last: String?
    var age: Int?
    var gender: String?
    var email: String?
    var country: String?
    var city: String?
    var phone: String?
    var dateOfBirth: Date?
    var picture: String?
    try scanner.beginObject()
    while let key = try scanner.nextKey() {
      if key == "gender" {
        gender = try scanner.string()
      } else if key == "name" {
        try scanner.beginObject()
        while let key = try scanner.nextKey() {
          if key == "first" {
            first = try scanner.string()
          } else if key == "last" {
            last = try scanner.string()
          } else {
            try scanner.skipValue()
          }
        }
      } else if key == "location" {
        try scanner.beginObject()
        while let key = try scanner.nextKey() {
          if key == "city" {
            city = try scanner.string()
          } else if key == "country" {
            country = try scanner.string()
          } else {
            try scanner.skipValue()
          }
        }
      } else if key == "email" {
        email = try scanner.string()
      } else if key == "login" {
        try scanner.beginObject()
        while let key = try scanner.nextKey() {
          if key == "uuid" {
            id = try scanner.string()
          } else {
            try scanner.skipValue()
          }
        }
      } else if key == "dob" {
        try scanner.beginObject()
        while let key = try scanner.nextKey() {
          if key == "date" {
            let token = try scanner.stringToken()
            guard let date = token.withBytes({ RandomUserDate.parse(bytes: $0) }) else {
              throw scanner.failure("dob.date is not a timestamp")
            }
            dateOfBirth = date
          } else if key == "age" {
            age = try scanner.int()
          } else {
            try scanner.skipValue()
          }
        }
      } else if key == "phone" {
        phone = try scanner.string()
      } else if key == "picture" {
        try scanner.beginObject()
        while let key = try scanner.nextKey() {
          if key == "large" {
            picture = try scanner.string()
          } else {
            try scanner.skipValue()
          }
        }
      } else {
        try scanner.skipValue()
      }
    }
    guard let gender else { throw scanner.missing("gender", in: "a result") }
    guard let first else { throw scanner.missing("name.first", in: "a result") }
    guard let last else { throw scanner.missing("name.last", in: "a result") }
    guard let city else { throw scanner.missing("location.city", in: "a result") }
    guard let country else { throw scanner.missing("location.country", in: "a result") }
    guard let email else { throw scanner.missing("email", in: "a result") }
    guard let id else { throw scanner.missing("login.uuid", in: "a result") }
    guard let dateOfBirth else { throw scanner.missing("dob.date", in: "a result") }
    guard let age else { throw scanner.missing("dob.age", in: "a result") }
    guard let phone else { throw scanner.missing("phone", in: "a result") }
    guard let picture else { throw scanner.missing("picture.large", in: "a result") }
    self.init(
      id: id, name: first + " " + last, age: age, gender: gender, email: email, country: country,
      city: city, phone: phone, dateOfBirth: dateOfBirth, pictureURL: URL(string: picture)
    )
  }
}
