import Foundation

/// Bodies in the exact randomuser.me format, copied from real responses (trimmed to three people).
enum Fixtures {
  /// Three people: a US number postcode, a Canadian string postcode, a German `id.value` of
  /// `null`, and the `login` fields (password, hashes) the sample does not model.
  static let threePeople = Data(
    #"""
    {
      "results": [
        {
          "gender": "female",
          "name": { "title": "Miss", "first": "Jennie", "last": "Nichols" },
          "location": {
            "street": { "number": 8929, "name": "Valwood Pkwy" },
            "city": "Billings", "state": "Michigan", "country": "United States", "postcode": 63104,
            "coordinates": { "latitude": "-69.8246", "longitude": "134.8719" },
            "timezone": { "offset": "+9:30", "description": "Adelaide, Darwin" }
          },
          "email": "jennie.nichols@example.com",
          "login": {
            "uuid": "7a0eed16-9430-4d68-901f-c0d4c1c3bf00", "username": "yellowpeacock117",
            "password": "addison", "salt": "sld1yGtd", "md5": "ab54ac4c0be9480ae8fa5e9e2a5196a3",
            "sha1": "edcf2ce613cbdea349133c52dc2f3b83168dc51b",
            "sha256": "48df5229235ada28389b91e60a935e4f9b73eb4bdb855ef9258a1751f10bdc5d"
          },
          "dob": { "date": "1992-03-08T15:13:16.688Z", "age": 30 },
          "registered": { "date": "2007-07-09T05:51:59.390Z", "age": 14 },
          "phone": "(272) 790-0888", "cell": "(489) 330-2385",
          "id": { "name": "SSN", "value": "405-88-3636" },
          "picture": {
            "large": "https://randomuser.me/api/portraits/women/75.jpg",
            "medium": "https://randomuser.me/api/portraits/med/women/75.jpg",
            "thumbnail": "https://randomuser.me/api/portraits/thumb/women/75.jpg"
          },
          "nat": "US"
        },
        {
          "gender": "male",
          "name": { "title": "Mr", "first": "Liam", "last": "Gagnon" },
          "location": {
            "street": { "number": 4163, "name": "Parliament St" },
            "city": "Victoria", "state": "British Columbia", "country": "Canada", "postcode": "V4K 3T8",
            "coordinates": { "latitude": "48.7721", "longitude": "-48.5307" },
            "timezone": { "offset": "-4:00", "description": "Atlantic Time (Canada), Caracas, La Paz" }
          },
          "email": "liam.gagnon@example.com",
          "login": { "uuid": "0c4d1bc2-7bf6-4b53-9d5b-7b1a2c26f0f6", "username": "bluebear512", "password": "kodiak" },
          "dob": { "date": "1968-11-21T02:44:05.123Z", "age": 56 },
          "registered": { "date": "2013-04-02T09:12:44.001Z", "age": 11 },
          "phone": "J53-N52-6474", "cell": "B95-X71-2232",
          "id": { "name": "SIN", "value": "409146470" },
          "picture": {
            "large": "https://randomuser.me/api/portraits/men/12.jpg",
            "medium": "https://randomuser.me/api/portraits/med/men/12.jpg",
            "thumbnail": "https://randomuser.me/api/portraits/thumb/men/12.jpg"
          },
          "nat": "CA"
        },
        {
          "gender": "female",
          "name": { "title": "Ms", "first": "Jutta", "last": "Krüger" },
          "location": {
            "street": { "number": 17, "name": "Lindenstraße" },
            "city": "Rostock", "state": "Mecklenburg-Vorpommern", "country": "Germany", "postcode": 18055,
            "coordinates": { "latitude": "54.0887", "longitude": "12.1405" },
            "timezone": { "offset": "+1:00", "description": "Brussels, Copenhagen, Madrid, Paris" }
          },
          "email": "jutta.kruger@example.com",
          "login": { "uuid": "5e8c2a0e-3f6b-4a53-8f1e-2b9c7d4e6a10", "username": "quietswan305" },
          "dob": { "date": "1955-01-30T20:05:33.870Z", "age": 69 },
          "registered": { "date": "2019-09-14T16:40:02.540Z", "age": 5 },
          "phone": "0435-6623411", "cell": "0171-4960012",
          "id": { "name": "", "value": null },
          "picture": {
            "large": "https://randomuser.me/api/portraits/women/3.jpg",
            "medium": "https://randomuser.me/api/portraits/med/women/3.jpg",
            "thumbnail": "https://randomuser.me/api/portraits/thumb/women/3.jpg"
          },
          "nat": "DE"
        }
      ],
      "info": { "seed": "56d27f4a53bd5441", "results": 3, "page": 1, "version": "1.4" }
    }
    """#.utf8)
}
