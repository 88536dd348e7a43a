import Foundation

/// Response bodies in the shapes randomuser.me sent in each API version, with people invented
/// for these tests (no copied data). `expected…` values in `RandomUserDecoderTests` spell out
/// every field of each.
///
/// The shapes, from the API's own generator for each version:
/// - 1.0: `street` a string; no `country`, `coordinates`, `timezone`, `login.uuid`; `dob` and
///   `registered` Unix seconds; lowercase names.
/// - 1.1: as 1.0, but `dob` and `registered` are `"YYYY-MM-DD HH:mm:ss"`.
/// - 1.2: `dob` and `registered` are `{date, age}` with `"…THH:mm:ssZ"` (no milliseconds);
///   `coordinates`, `timezone` and `login.uuid` added; still no `country`, `street` a string.
/// - 1.3: `street` is `{number, name}`, `country` added, dates with milliseconds, capitalized names.
/// - 1.4: the shape of 1.3 (new nationalities and identifiers only).
enum Fixtures {
  static let version10 = Data(
    #"""
    {"results":[
      {"gender":"male","name":{"title":"mr","first":"bram","last":"de wit"},
       "location":{"street":"5521 lange nieuwstraat","city":"zwolle","state":"overijssel","postcode":48213},
       "email":"bram.dewit@example.com",
       "login":{"username":"tinyheron215","password":"lantern","salt":"k2Pq9ZrB","md5":"5b1e0c7f2a9d4e6b8c3a1f0e9d7c6b5a",
                "sha1":"3c9e1f7a5b2d8e4c6a0f9b1d3e5c7a9b2d4f6e8a","sha256":"9f2e4c6a8b0d1e3f5a7c9e1b3d5f7a9c2e4b6d8f0a1c3e5b7d9f1a3c5e7b9d2f"},
       "dob":303931205,"registered":1152000000,"phone":"(048)-418-2275","cell":"(619)-302-7781",
       "id":{"name":"BSN","value":"61270493"},
       "picture":{"large":"https://randomuser.me/api/portraits/men/31.jpg","medium":"https://randomuser.me/api/portraits/med/men/31.jpg","thumbnail":"https://randomuser.me/api/portraits/thumb/men/31.jpg"},
       "nat":"NL"}
    ],"info":{"seed":"4e0d2c9a1b7f3e58","results":1,"page":1,"version":"1.0"}}
    """#.utf8)

  static let version11 = Data(
    #"""
    {"results":[
      {"gender":"female","name":{"title":"mrs","first":"elif","last":"aydın"},
       "location":{"street":"2210 atatürk sk","city":"bursa","state":"bilecik","postcode":71904},
       "email":"elif.aydın@example.com",
       "login":{"username":"quietlynx608","password":"harbor","salt":"Tz8mW1cQ","md5":"c4a2e6f8b0d1a3c5e7f9b2d4a6c8e0f1",
                "sha1":"7a1c3e5f9b2d4a6c8e0f1b3d5a7c9e2f4b6d8a0c","sha256":"1e3c5a7f9d2b4e6a8c0f1d3b5e7a9c2f4d6b8e0a1c3f5d7b9e2a4c6f8d0b1e3a"},
       "dob":"1979-08-30 17:20:05","registered":"2009-01-12 03:44:59","phone":"(722)-514-3390","cell":"(381)-660-2147",
       "id":{"name":"","value":null},
       "picture":{"large":"https://randomuser.me/api/portraits/women/58.jpg","medium":"https://randomuser.me/api/portraits/med/women/58.jpg","thumbnail":"https://randomuser.me/api/portraits/thumb/women/58.jpg"},
       "nat":"TR"}
    ],"info":{"seed":"a91f03c7de2b6845","results":1,"page":1,"version":"1.1"}}
    """#.utf8)

  static let version12 = Data(
    #"""
    {"results":[
      {"gender":"female","name":{"title":"ms","first":"orla","last":"brennan"},
       "location":{"street":"1873 mill lane","city":"galway","state":"connacht","postcode":60417,
                   "coordinates":{"latitude":"53.2707","longitude":"-9.0568"},
                   "timezone":{"offset":"0:00","description":"Western Europe Time, London, Lisbon, Casablanca"}},
       "email":"orla.brennan@example.com",
       "login":{"uuid":"b7e2c4a1-9d3f-4e68-a5c0-2f1d8b6e9a34","username":"greenfalcon733","password":"pebble","salt":"Hn4vR8sY",
                "md5":"e2b4d6f8a0c1e3b5d7f9a2c4e6b8d0f1","sha1":"b2d4f6a8c0e1b3d5f7a9c2e4b6d8f0a1c3e5b7d9",
                "sha256":"4a6c8e0f2b4d6a8c0e1f3b5d7a9c2e4f6b8d0a1c3e5f7b9d2a4c6e8f0b1d3a5c"},
       "dob":{"date":"1987-05-23T14:09:41Z","age":31},
       "registered":{"date":"2012-10-02T08:30:12Z","age":5},
       "phone":"061-402-8813","cell":"081-775-3290",
       "id":{"name":"PPS","value":"4729183T"},
       "picture":{"large":"https://randomuser.me/api/portraits/women/12.jpg","medium":"https://randomuser.me/api/portraits/med/women/12.jpg","thumbnail":"https://randomuser.me/api/portraits/thumb/women/12.jpg"},
       "nat":"IE"},
      {"gender":"male","name":{"title":"mr","first":"mathis","last":"gauthier"},
       "location":{"street":"6402 dufferin st","city":"sherbrooke","state":"québec","postcode":"J1H 4N7",
                   "coordinates":{"latitude":"45.4042","longitude":"-71.8929"},
                   "timezone":{"offset":"-5:00","description":"Eastern Time (US & Canada), Bogota, Lima"}},
       "email":"mathis.gauthier@example.com",
       "login":{"uuid":"0d5f8a2c-6e1b-4c97-b3d4-8a7e2f0c5b19","username":"bravemoose118","password":"sunset","salt":"pL3xQ7tA",
                "md5":"a7c9e1f3b5d2a4c6e8f0b1d3a5c7e9f2","sha1":"d3f5b7a9c2e4d6f8b0a1c3e5d7f9b2a4c6e8d0f1",
                "sha256":"c1e3a5f7d9b2c4e6a8f0d1b3c5e7a9f2d4b6c8e0a1f3d5b7c9e2a4f6d8b0c1e3"},
       "dob":{"date":"1963-12-01T22:47:03Z","age":54},
       "registered":{"date":"2004-03-17T11:02:58Z","age":14},
       "phone":"K32-B71-4408","cell":"P86-W19-5573",
       "id":{"name":"","value":null},
       "picture":{"large":"https://randomuser.me/api/portraits/men/77.jpg","medium":"https://randomuser.me/api/portraits/med/men/77.jpg","thumbnail":"https://randomuser.me/api/portraits/thumb/men/77.jpg"},
       "nat":"CA"}
    ],"info":{"seed":"7c3e91d0f4a2b658","results":2,"page":1,"version":"1.2"}}
    """#.utf8)

  static let version13 = Data(
    #"""
    {"results":[
      {"gender":"female","name":{"title":"Miss","first":"Megan","last":"Fletcher"},
       "location":{"street":{"number":318,"name":"Church Lane"},"city":"Carlisle","state":"Cumbria",
                   "country":"United Kingdom","postcode":"K7 3QT",
                   "coordinates":{"latitude":"54.8925","longitude":"-2.9329"},
                   "timezone":{"offset":"+1:00","description":"Brussels, Copenhagen, Madrid, Paris"}},
       "email":"megan.fletcher@example.com",
       "login":{"uuid":"e41a7c93-2b5d-4f08-9c6e-1d3a5b7f9e20","username":"sillyotter940","password":"meadow","salt":"Vb6nK2eL",
                "md5":"f1d3b5a7c9e2f4d6b8a0c1e3f5d7b9a2","sha1":"e4b6d8f0a1c3e5b7d9f2a4c6e8b0d1f3a5c7e9b2",
                "sha256":"d2f4b6a8c0e1d3f5b7a9c2e4d6f8b0a1c3e5d7f9b2a4c6e8d0f1b3a5c7e9d2f4"},
       "dob":{"date":"1995-07-19T03:58:27.415Z","age":25},
       "registered":{"date":"2018-02-06T16:21:09.902Z","age":2},
       "phone":"017687 41952","cell":"07725 318406",
       "id":{"name":"NINO","value":"JR 56 38 21 T"},
       "picture":{"large":"https://randomuser.me/api/portraits/women/63.jpg","medium":"https://randomuser.me/api/portraits/med/women/63.jpg","thumbnail":"https://randomuser.me/api/portraits/thumb/women/63.jpg"},
       "nat":"GB"},
      {"gender":"male","name":{"title":"Mr","first":"Jürgen","last":"Krause"},
       "location":{"street":{"number":2294,"name":"Gartenweg"},"city":"Kassel","state":"Hessen",
                   "country":"Germany","postcode":34117,
                   "coordinates":{"latitude":"51.3127","longitude":"9.4797"},
                   "timezone":{"offset":"+2:00","description":"Kaliningrad, South Africa"}},
       "email":"jurgen.krause@example.com",
       "login":{"uuid":"9b0c2e4f-7a1d-4b63-8e5f-3c7a9d1b5e08","username":"heavyswan381","password":"thunder","salt":"aQ9zX3mD",
                "md5":"b8d0f1a3c5e7b9d2f4a6c8e0b1d3f5a7","sha1":"f6a8c0e1b3d5f7a9c2e4b6d8f0a1c3e5b7d9f2a4",
                "sha256":"e3a5c7f9b2d4e6a8c0f1b3d5e7a9c2f4b6d8e0a1c3f5b7d9e2a4c6f8b0d1e3a5"},
       "dob":{"date":"1958-04-11T09:15:50.003Z","age":62},
       "registered":{"date":"2003-11-28T19:44:36.777Z","age":16},
       "phone":"0612-4471839","cell":"0171-2086645",
       "id":{"name":"","value":null},
       "picture":{"large":"https://randomuser.me/api/portraits/men/5.jpg","medium":"https://randomuser.me/api/portraits/med/men/5.jpg","thumbnail":"https://randomuser.me/api/portraits/thumb/men/5.jpg"},
       "nat":"DE"}
    ],"info":{"seed":"d05b7e3a9c1f8264","results":2,"page":1,"version":"1.3"}}
    """#.utf8)

  static let version14 = Data(
    #"""
    {
      "results": [
        {
          "gender": "female",
          "name": { "title": "Ms", "first": "Saanvi", "last": "Kulkarni" },
          "location": {
            "street": { "number": 4417, "name": "Station Road" },
            "city": "Nashik", "state": "Maharashtra", "country": "India", "postcode": 422011,
            "coordinates": { "latitude": "19.9975", "longitude": "73.7898" },
            "timezone": { "offset": "+5:30", "description": "Bombay, Calcutta, Madras, New Delhi" }
          },
          "email": "saanvi.kulkarni@example.com",
          "login": {
            "uuid": "3f1c9a2e-6b47-4d0a-9e21-5c8b7d6a4f13", "username": "orangeotter402", "password": "marble",
            "salt": "Q7vLp2Xc", "md5": "0f2e4d6c8b1a3f5e7d9c2b4a6f8e0d1c",
            "sha1": "9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d",
            "sha256": "2b4d6f8a0c1e3b5d7f9a2c4e6b8d0f1a3c5e7b9d2f4a6c8e0b1d3f5a7c9e2b4d"
          },
          "dob": { "date": "1990-11-04T06:42:18.507Z", "age": 34 },
          "registered": { "date": "2016-02-19T21:05:33.064Z", "age": 9 },
          "phone": "8123456790", "cell": "9876543012",
          "id": { "name": "UIDAI", "value": "483920175561" },
          "picture": {
            "large": "https://randomuser.me/api/portraits/women/44.jpg",
            "medium": "https://randomuser.me/api/portraits/med/women/44.jpg",
            "thumbnail": "https://randomuser.me/api/portraits/thumb/women/44.jpg"
          },
          "nat": "IN"
        },
        {
          "gender": "male",
          "name": { "title": "Mr", "first": "Émile", "last": "Fortin" },
          "location": {
            "street": { "number": 87, "name": "Rue Principale" },
            "city": "Trois-Rivières", "state": "Québec", "country": "Canada", "postcode": "G9A 2L5",
            "coordinates": { "latitude": "46.3432", "longitude": "-72.5477" },
            "timezone": { "offset": "-5:00", "description": "Eastern Time (US & Canada), Bogota, Lima" }
          },
          "email": "emile.fortin@example.com",
          "login": { "uuid": "c8e06b1d-3a5f-4729-b4e8-6d2f0a9c7e51", "username": "purplebeaver667" },
          "dob": { "date": "1972-01-31T23:59:59.999Z", "age": 53 },
          "registered": { "date": "2010-06-07T12:00:00.000Z", "age": 15 },
          "phone": "R47-Q20-8816", "cell": "M05-T63-4297",
          "id": { "name": "SIN", "value": "530284196" },
          "picture": {
            "large": "https://randomuser.me/api/portraits/men/90.jpg",
            "medium": "https://randomuser.me/api/portraits/med/men/90.jpg",
            "thumbnail": "https://randomuser.me/api/portraits/thumb/men/90.jpg"
          },
          "nat": "CA"
        }
      ],
      "info": { "seed": "5a0e8c3d7b1f4962", "results": 2, "page": 1, "version": "1.4" }
    }
    """#.utf8)

  /// The 1.4 page with its `info` replaced by a page of `count` people: for hostile servers.
  static func repeatingVersion14(_ count: Int) -> Data {
    let text = String(decoding: version14, as: UTF8.self)
    guard let start = text.range(of: "[")?.upperBound,
      let end = text.range(of: "\"nat\": \"IN\"\n    }")?.upperBound
    else { return Data() }
    let person = Data(text[start..<end].utf8)
    var body = Data(#"{"results":["#.utf8)
    body.reserveCapacity(count * (person.count + 1) + 100)
    for index in 0..<count {
      if index > 0 { body.append(UInt8(ascii: ",")) }
      body.append(person)
    }
    body.append(Data(#"],"info":{"seed":"hostile","results":\#(count),"page":1,"version":"1.4"}}"#.utf8))
    return body
  }
}
