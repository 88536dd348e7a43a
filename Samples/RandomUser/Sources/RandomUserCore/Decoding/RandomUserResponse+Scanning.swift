// Schema-driven decoding of the randomuser.me format with `JSONScanner`: each type reads its
// own keys, skips keys it does not know (as `JSONDecoder` does) and reports missing ones.

extension JSONScanner {
  /// A failure for a required key that was absent from the object just read.
  func missing(_ key: String, in object: String) -> Failure {
    failure("missing key \(key) in \(object)")
  }

  /// Reads the top-level object of a response: each of `results` with `element`, and `info`.
  ///
  /// Both decoding paths share it; only what they read for one result differs. A failure inside
  /// a result is prefixed with its position, for example `results[3]: missing key email ...`.
  mutating func responsePage<Element>(
    element: (inout JSONScanner) throws(Failure) -> Element
  ) throws(Failure) -> (results: [Element], info: RandomUserInfo) {
    var results: [Element]?
    var info: RandomUserInfo?
    try beginObject()
    while let key = try nextKey() {
      if key == "results" {
        var list: [Element] = []
        try beginArray()
        while try nextElement() {
          do {
            list.append(try element(&self))
          } catch {
            throw Failure(message: "results[\(list.count)]: \(error.message)", offset: error.offset)
          }
        }
        results = list
      } else if key == "info" {
        info = try RandomUserInfo(scanning: &self)
      } else {
        try skipValue()
      }
    }
    guard let results else { throw missing("results", in: "the response") }
    guard let info else { throw missing("info", in: "the response") }
    return (results, info)
  }

  /// Reads a JSON number or string, as a postcode.
  fileprivate mutating func postcode() throws(Failure) -> Postcode {
    try nextIsString() ? .text(try string()) : .number(try int())
  }
}

extension RandomUserResponse {
  init(scanning scanner: inout JSONScanner) throws(JSONScanner.Failure) {
    let page = try scanner.responsePage(element: RandomUserResult.init(scanning:))
    self.init(results: page.results, info: page.info)
  }
}

extension RandomUserInfo {
  init(scanning scanner: inout JSONScanner) throws(JSONScanner.Failure) {
    var seed: String?
    var results: Int?
    var page: Int?
    var version: String?
    try scanner.beginObject()
    while let key = try scanner.nextKey() {
      if key == "seed" {
        seed = try scanner.string()
      } else if key == "results" {
        results = try scanner.int()
      } else if key == "page" {
        page = try scanner.int()
      } else if key == "version" {
        version = try scanner.string()
      } else {
        try scanner.skipValue()
      }
    }
    guard let seed else { throw scanner.missing("seed", in: "info") }
    guard let results else { throw scanner.missing("results", in: "info") }
    guard let page else { throw scanner.missing("page", in: "info") }
    guard let version else { throw scanner.missing("version", in: "info") }
    self.init(seed: seed, results: results, page: page, version: version)
  }
}

extension RandomUserResult {
  init(scanning scanner: inout JSONScanner) throws(JSONScanner.Failure) {
    var gender: String?
    var name: Name?
    var location: Location?
    var email: String?
    var login: Login?
    var dob: DatedAge?
    var registered: DatedAge?
    var phone: String?
    var cell: String?
    var id: Identifier?
    var picture: Picture?
    var nat: String?
    try scanner.beginObject()
    while let key = try scanner.nextKey() {
      if key == "gender" {
        gender = try scanner.string()
      } else if key == "name" {
        name = try Name(scanning: &scanner)
      } else if key == "location" {
        location = try Location(scanning: &scanner)
      } else if key == "email" {
        email = try scanner.string()
      } else if key == "login" {
        login = try Login(scanning: &scanner)
      } else if key == "dob" {
        dob = try DatedAge(scanning: &scanner, in: "dob")
      } else if key == "registered" {
        registered = try DatedAge(scanning: &scanner, in: "registered")
      } else if key == "phone" {
        phone = try scanner.string()
      } else if key == "cell" {
        cell = try scanner.string()
      } else if key == "id" {
        id = try Identifier(scanning: &scanner)
      } else if key == "picture" {
        picture = try Picture(scanning: &scanner)
      } else if key == "nat" {
        nat = try scanner.string()
      } else {
        try scanner.skipValue()
      }
    }
    guard let gender else { throw scanner.missing("gender", in: "a result") }
    guard let name else { throw scanner.missing("name", in: "a result") }
    guard let location else { throw scanner.missing("location", in: "a result") }
    guard let email else { throw scanner.missing("email", in: "a result") }
    guard let login else { throw scanner.missing("login", in: "a result") }
    guard let dob else { throw scanner.missing("dob", in: "a result") }
    guard let registered else { throw scanner.missing("registered", in: "a result") }
    guard let phone else { throw scanner.missing("phone", in: "a result") }
    guard let cell else { throw scanner.missing("cell", in: "a result") }
    guard let id else { throw scanner.missing("id", in: "a result") }
    guard let picture else { throw scanner.missing("picture", in: "a result") }
    guard let nat else { throw scanner.missing("nat", in: "a result") }
    self.init(
      gender: gender, name: name, location: location, email: email, login: login, dob: dob,
      registered: registered, phone: phone, cell: cell, id: id, picture: picture, nat: nat
    )
  }
}

extension RandomUserResult.Name {
  init(scanning scanner: inout JSONScanner) throws(JSONScanner.Failure) {
    var title: String?
    var first: String?
    var last: String?
    try scanner.beginObject()
    while let key = try scanner.nextKey() {
      if key == "title" {
        title = try scanner.string()
      } else if key == "first" {
        first = try scanner.string()
      } else if key == "last" {
        last = try scanner.string()
      } else {
        try scanner.skipValue()
      }
    }
    guard let title else { throw scanner.missing("title", in: "name") }
    guard let first else { throw scanner.missing("first", in: "name") }
    guard let last else { throw scanner.missing("last", in: "name") }
    self.init(title: title, first: first, last: last)
  }
}

extension RandomUserResult.Location {
  init(scanning scanner: inout JSONScanner) throws(JSONScanner.Failure) {
    var street: RandomUserResult.Street?
    var city: String?
    var state: String?
    var country: String?
    var postcode: Postcode?
    var coordinates: RandomUserResult.Coordinates?
    var timezone: RandomUserResult.Timezone?
    try scanner.beginObject()
    while let key = try scanner.nextKey() {
      if key == "street" {
        street = try RandomUserResult.Street(scanning: &scanner)
      } else if key == "city" {
        city = try scanner.string()
      } else if key == "state" {
        state = try scanner.string()
      } else if key == "country" {
        country = try scanner.string()
      } else if key == "postcode" {
        postcode = try scanner.postcode()
      } else if key == "coordinates" {
        coordinates = try RandomUserResult.Coordinates(scanning: &scanner)
      } else if key == "timezone" {
        timezone = try RandomUserResult.Timezone(scanning: &scanner)
      } else {
        try scanner.skipValue()
      }
    }
    guard let street else { throw scanner.missing("street", in: "location") }
    guard let city else { throw scanner.missing("city", in: "location") }
    guard let state else { throw scanner.missing("state", in: "location") }
    guard let country else { throw scanner.missing("country", in: "location") }
    guard let postcode else { throw scanner.missing("postcode", in: "location") }
    guard let coordinates else { throw scanner.missing("coordinates", in: "location") }
    guard let timezone else { throw scanner.missing("timezone", in: "location") }
    self.init(
      street: street, city: city, state: state, country: country, postcode: postcode,
      coordinates: coordinates, timezone: timezone
    )
  }
}

extension RandomUserResult.Street {
  init(scanning scanner: inout JSONScanner) throws(JSONScanner.Failure) {
    var number: Int?
    var name: String?
    try scanner.beginObject()
    while let key = try scanner.nextKey() {
      if key == "number" {
        number = try scanner.int()
      } else if key == "name" {
        name = try scanner.string()
      } else {
        try scanner.skipValue()
      }
    }
    guard let number else { throw scanner.missing("number", in: "street") }
    guard let name else { throw scanner.missing("name", in: "street") }
    self.init(number: number, name: name)
  }
}

extension RandomUserResult.Coordinates {
  init(scanning scanner: inout JSONScanner) throws(JSONScanner.Failure) {
    var latitude: String?
    var longitude: String?
    try scanner.beginObject()
    while let key = try scanner.nextKey() {
      if key == "latitude" {
        latitude = try scanner.string()
      } else if key == "longitude" {
        longitude = try scanner.string()
      } else {
        try scanner.skipValue()
      }
    }
    guard let latitude else { throw scanner.missing("latitude", in: "coordinates") }
    guard let longitude else { throw scanner.missing("longitude", in: "coordinates") }
    self.init(latitude: latitude, longitude: longitude)
  }
}

extension RandomUserResult.Timezone {
  init(scanning scanner: inout JSONScanner) throws(JSONScanner.Failure) {
    var offset: String?
    var description: String?
    try scanner.beginObject()
    while let key = try scanner.nextKey() {
      if key == "offset" {
        offset = try scanner.string()
      } else if key == "description" {
        description = try scanner.string()
      } else {
        try scanner.skipValue()
      }
    }
    guard let offset else { throw scanner.missing("offset", in: "timezone") }
    guard let description else { throw scanner.missing("description", in: "timezone") }
    self.init(offset: offset, description: description)
  }
}

extension RandomUserResult.Login {
  init(scanning scanner: inout JSONScanner) throws(JSONScanner.Failure) {
    var uuid: String?
    var username: String?
    try scanner.beginObject()
    while let key = try scanner.nextKey() {
      if key == "uuid" {
        uuid = try scanner.string()
      } else if key == "username" {
        username = try scanner.string()
      } else {
        try scanner.skipValue()
      }
    }
    guard let uuid else { throw scanner.missing("uuid", in: "login") }
    guard let username else { throw scanner.missing("username", in: "login") }
    self.init(uuid: uuid, username: username)
  }
}

extension RandomUserResult.DatedAge {
  init(scanning scanner: inout JSONScanner, in object: String) throws(JSONScanner.Failure) {
    var date: String?
    var age: Int?
    try scanner.beginObject()
    while let key = try scanner.nextKey() {
      if key == "date" {
        date = try scanner.string()
      } else if key == "age" {
        age = try scanner.int()
      } else {
        try scanner.skipValue()
      }
    }
    guard let date else { throw scanner.missing("date", in: object) }
    guard let age else { throw scanner.missing("age", in: object) }
    self.init(date: date, age: age)
  }
}

extension RandomUserResult.Identifier {
  init(scanning scanner: inout JSONScanner) throws(JSONScanner.Failure) {
    var name: String?
    var value: String?
    try scanner.beginObject()
    while let key = try scanner.nextKey() {
      if key == "name" {
        name = try scanner.string()
      } else if key == "value" {
        value = try scanner.nullableString()
      } else {
        try scanner.skipValue()
      }
    }
    // `value` may be null or absent; both mean "no identifier", as with `JSONDecoder`.
    guard let name else { throw scanner.missing("name", in: "id") }
    self.init(name: name, value: value)
  }
}

extension RandomUserResult.Picture {
  init(scanning scanner: inout JSONScanner) throws(JSONScanner.Failure) {
    var large: String?
    var medium: String?
    var thumbnail: String?
    try scanner.beginObject()
    while let key = try scanner.nextKey() {
      if key == "large" {
        large = try scanner.string()
      } else if key == "medium" {
        medium = try scanner.string()
      } else if key == "thumbnail" {
        thumbnail = try scanner.string()
      } else {
        try scanner.skipValue()
      }
    }
    guard let large else { throw scanner.missing("large", in: "picture") }
    guard let medium else { throw scanner.missing("medium", in: "picture") }
    guard let thumbnail else { throw scanner.missing("thumbnail", in: "picture") }
    self.init(large: large, medium: medium, thumbnail: thumbnail)
  }
}
