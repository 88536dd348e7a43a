extension OfflineNationality {
  /// Twelve nationalities randomuser.me also serves, with a few dozen real names each.
  static let bank: [OfflineNationality] = [
    OfflineNationality(
      nat: "US", country: "United States",
      male: [
        "James", "Michael", "Robert", "David", "William", "Joseph", "Charles", "Daniel", "Brandon",
        "Tyler", "Jesse", "Wyatt", "Eli", "Calvin", "Marcus",
      ],
      female: [
        "Mary", "Jennifer", "Linda", "Jennie", "Jessica", "Sarah", "Karen", "Ashley", "Megan",
        "Brooke", "Addison", "Savannah", "Rosa", "Claire", "Nora",
      ],
      last: [
        "Smith", "Johnson", "Williams", "Brown", "Nichols", "Garcia", "Miller", "Davis", "Rodriguez",
        "Wilson", "Anderson", "Thomas", "Hughes", "Reyes", "Coleman", "Fletcher", "Hayes", "Spencer",
      ],
      places: [
        ("Billings", "Michigan"), ("Austin", "Texas"), ("Fresno", "California"),
        ("Dayton", "Ohio"), ("Tacoma", "Washington"), ("Savannah", "Georgia"), ("Boise", "Idaho"),
        ("Syracuse", "New York"),
      ],
      streets: [
        "Valwood Pkwy", "Pecan Acres Ln", "Hickory Creek Dr", "Lovers Ln", "Mockingbird Hill",
        "W Belt Line Rd", "Elgin St", "Oak Lawn Ave",
      ],
      phone: "(###) ###-####", cell: "(###) ###-####", postcode: .number(10_000...99_999),
      identifier: ("SSN", "###-##-####"),
      timezones: [
        ("-5:00", "Eastern Time (US & Canada), Bogota, Lima"),
        ("-6:00", "Central Time (US & Canada), Mexico City"), ("-8:00", "Pacific Time (US & Canada)"),
      ]
    ),
    OfflineNationality(
      nat: "GB", country: "United Kingdom",
      male: [
        "Oliver", "George", "Harry", "Jack", "Charlie", "Alfie", "Freddie", "Arthur", "Callum",
        "Rhys", "Owen", "Ewan",
      ],
      female: [
        "Olivia", "Amelia", "Isla", "Ava", "Emily", "Poppy", "Sophie", "Lily", "Evie", "Freya",
        "Niamh", "Imogen",
      ],
      last: [
        "Taylor", "Davies", "Evans", "Roberts", "Walker", "Wright", "Thompson", "White", "Hall",
        "Clarke", "Jackson", "Wood", "Harrison", "Edwards",
      ],
      places: [
        ("Leeds", "West Yorkshire"), ("Bristol", "Avon"), ("Cardiff", "South Glamorgan"),
        ("York", "North Yorkshire"), ("Exeter", "Devon"), ("Carlisle", "Cumbria"),
      ],
      streets: [
        "High Street", "Church Road", "Station Road", "Victoria Road", "Green Lane",
        "Manor Road", "Park Lane", "Kingsway",
      ],
      phone: "0##### ### ####", cell: "07### ######", postcode: .text(Array("@# #@@".utf8)),
      identifier: ("NINO", "@@ ## ## ## @"),
      timezones: [("0:00", "Western Europe Time, London, Lisbon, Casablanca")]
    ),
    OfflineNationality(
      nat: "AU", country: "Australia",
      male: [
        "Noah", "Liam", "Lachlan", "Cooper", "Hamish", "Mitchell", "Riley", "Jayden", "Lincoln",
        "Harvey",
      ],
      female: [
        "Charlotte", "Matilda", "Chloe", "Zoe", "Mia", "Ruby", "Harper", "Sienna", "Tahlia",
        "Grace",
      ],
      last: [
        "Kelly", "Martin", "Ryan", "Campbell", "Mitchell", "Young", "King", "Murphy", "Watson",
        "Bennett", "Ward", "Kennedy",
      ],
      places: [
        ("Adelaide", "South Australia"), ("Darwin", "Northern Territory"), ("Hobart", "Tasmania"),
        ("Cairns", "Queensland"), ("Geelong", "Victoria"), ("Wollongong", "New South Wales"),
      ],
      streets: ["Dogwood Ave", "Edwards Rd", "Mcgowen St", "Smokey Ln", "Brown Terrace", "Spring St"],
      phone: "0#-####-####", cell: "04##-###-###", postcode: .number(800...7999),
      identifier: ("TFN", "#########"),
      timezones: [("+9:30", "Adelaide, Darwin"), ("+10:00", "Eastern Australia, Guam, Vladivostok")]
    ),
    OfflineNationality(
      nat: "CA", country: "Canada",
      male: [
        "Liam", "Ethan", "Logan", "Nathan", "Félix", "Samuel", "Mathis", "Zachary", "Gabriel",
        "Jacob",
      ],
      female: [
        "Emma", "Léa", "Chloé", "Alice", "Juliette", "Maeva", "Abigail", "Florence", "Camille",
        "Rosalie",
      ],
      last: [
        "Tremblay", "Gagnon", "Roy", "Côté", "Bouchard", "Gauthier", "Morin", "Lavoie", "Fortin",
        "Gélinas", "Wong", "Macdonald",
      ],
      places: [
        ("Montréal", "Québec"), ("Victoria", "British Columbia"), ("Halifax", "Nova Scotia"),
        ("Regina", "Saskatchewan"), ("Winnipeg", "Manitoba"), ("Kingston", "Ontario"),
      ],
      streets: [
        "Dufferin St", "Lakeshore Rd", "Parliament St", "Concession Road 23", "Rue Principale",
        "King St",
      ],
      phone: "@##-###-####", cell: "@##-###-####", postcode: .text(Array("@#@ #@#".utf8)),
      identifier: ("SIN", "#########"),
      timezones: [
        ("-5:00", "Eastern Time (US & Canada), Bogota, Lima"),
        ("-4:00", "Atlantic Time (Canada), Caracas, La Paz"),
      ]
    ),
    OfflineNationality(
      nat: "DE", country: "Germany",
      male: [
        "Lukas", "Jonas", "Felix", "Maximilian", "Jürgen", "Dieter", "Matthias", "Tobias", "Stefan",
        "Uwe", "Henrik", "Kai",
      ],
      female: [
        "Anna", "Lena", "Hannah", "Leonie", "Sabine", "Ursula", "Katrin", "Jutta", "Anja",
        "Marlene", "Ilse", "Frieda",
      ],
      last: [
        "Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker",
        "Hoffmann", "Schäfer", "Krüger", "Vogel",
      ],
      places: [
        ("Rostock", "Mecklenburg-Vorpommern"), ("Freiburg", "Baden-Württemberg"),
        ("Bielefeld", "Nordrhein-Westfalen"), ("Dresden", "Sachsen"), ("Kassel", "Hessen"),
        ("Regensburg", "Bayern"),
      ],
      streets: [
        "Lindenstraße", "Bahnhofstraße", "Schulstraße", "Gartenstraße", "Mühlenweg",
        "Am Sportplatz",
      ],
      phone: "0###-#######", cell: "01##-#######", postcode: .number(10_000...99_999),
      identifier: ("", nil),
      timezones: [("+1:00", "Brussels, Copenhagen, Madrid, Paris")]
    ),
    OfflineNationality(
      nat: "FR", country: "France",
      male: [
        "Lucas", "Hugo", "Louis", "Théo", "Mathéo", "Nathan", "Enzo", "Baptiste", "Clément",
        "Maxime",
      ],
      female: [
        "Manon", "Camille", "Inès", "Louise", "Lina", "Anaïs", "Margaux", "Océane", "Élise",
        "Romane",
      ],
      last: [
        "Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit", "Durand", "Leroy",
        "Moreau", "Lefèvre", "Fontaine",
      ],
      places: [
        ("Nantes", "Loire-Atlantique"), ("Lyon", "Rhône"), ("Toulouse", "Haute-Garonne"),
        ("Rennes", "Ille-et-Vilaine"), ("Dijon", "Côte-D'Or"), ("Lille", "Nord"),
      ],
      streets: [
        "Rue de la Mairie", "Avenue Jean-Jaurès", "Rue Pasteur", "Place du 8 Février 1962",
        "Rue des Écoles", "Quai Charles-De-Gaulle",
      ],
      phone: "0#-##-##-##-##", cell: "06-##-##-##-##", postcode: .number(10_000...95_999),
      identifier: ("INSEE", "# ## ## ##### ### ##"),
      timezones: [("+1:00", "Brussels, Copenhagen, Madrid, Paris")]
    ),
    OfflineNationality(
      nat: "ES", country: "Spain",
      male: [
        "Alejandro", "Pablo", "Javier", "Sergio", "Jorge", "Álvaro", "Diego", "Raúl", "Rubén",
        "Adrián",
      ],
      female: [
        "Lucía", "María", "Paula", "Carmen", "Sofía", "Elena", "Marta", "Nerea", "Alba",
        "Rocío",
      ],
      last: [
        "García", "Fernández", "González", "Rodríguez", "López", "Martínez", "Sánchez", "Pérez",
        "Gómez", "Romero", "Navarro", "Ortega",
      ],
      places: [
        ("Valencia", "Comunidad Valenciana"), ("Sevilla", "Andalucía"), ("Bilbao", "País Vasco"),
        ("Zaragoza", "Aragón"), ("Vigo", "Galicia"), ("Murcia", "Región de Murcia"),
      ],
      streets: [
        "Calle de Alcalá", "Avenida de América", "Calle Mayor", "Paseo de Extremadura",
        "Calle de Atocha", "Ronda de Toledo",
      ],
      phone: "9##-###-###", cell: "6##-###-###", postcode: .number(10_000...52_999),
      identifier: ("DNI", "########-@"),
      timezones: [("+1:00", "Brussels, Copenhagen, Madrid, Paris")]
    ),
    OfflineNationality(
      nat: "BR", country: "Brazil",
      male: [
        "João", "Miguel", "Arthur", "Heitor", "Bernardo", "Davi", "Gustavo", "Rafael", "Caio",
        "Vinícius",
      ],
      female: [
        "Ana", "Beatriz", "Júlia", "Larissa", "Mariana", "Yasmin", "Letícia", "Gabriela",
        "Fernanda", "Lorena",
      ],
      last: [
        "Silva", "Santos", "Oliveira", "Souza", "Lima", "Pereira", "Carvalho", "Ribeiro", "Almeida",
        "Costa", "Barbosa", "Rocha",
      ],
      places: [
        ("Recife", "Pernambuco"), ("Curitiba", "Paraná"), ("Manaus", "Amazonas"),
        ("Fortaleza", "Ceará"), ("Salvador", "Bahia"), ("Campinas", "São Paulo"),
      ],
      streets: [
        "Rua Um", "Rua São Jorge", "Rua Principal", "Avenida Brasil", "Rua Santa Luzia",
        "Rua Sete de Setembro",
      ],
      phone: "(##) ####-####", cell: "(##) #####-####", postcode: .number(10_000...99_999),
      identifier: ("CPF", "###.###.###-##"),
      timezones: [("-3:00", "Brazil, Buenos Aires, Georgetown")]
    ),
    OfflineNationality(
      nat: "NL", country: "Netherlands",
      male: ["Daan", "Sem", "Bram", "Thijs", "Jesse", "Ruben", "Joris", "Wouter", "Sander", "Niels"],
      female: ["Emma", "Tess", "Sanne", "Fleur", "Lotte", "Femke", "Noor", "Anouk", "Ilse", "Marloes"],
      last: [
        "de Jong", "Jansen", "de Vries", "van den Berg", "Bakker", "Visser", "Smit", "Meijer",
        "de Boer", "Mulder", "Bos", "Vos",
      ],
      places: [
        ("Utrecht", "Utrecht"), ("Groningen", "Groningen"), ("Haarlem", "Noord-Holland"),
        ("Leiden", "Zuid-Holland"), ("Zwolle", "Overijssel"), ("Maastricht", "Limburg"),
      ],
      streets: ["Dorpsstraat", "Kerkstraat", "Molenweg", "Julianastraat", "Beatrixlaan", "Stationsweg"],
      phone: "(0###) ######", cell: "(06) ########", postcode: .text(Array("#### @@".utf8)),
      identifier: ("BSN", "########"),
      timezones: [("+1:00", "Brussels, Copenhagen, Madrid, Paris")]
    ),
    OfflineNationality(
      nat: "NO", country: "Norway",
      male: [
        "Ole", "Lars", "Magnus", "Sindre", "Ørjan", "Eirik", "Håkon", "Torstein", "Sigurd",
        "Vegard",
      ],
      female: [
        "Ingrid", "Kari", "Solveig", "Sigrid", "Astrid", "Maren", "Ragnhild", "Tuva", "Ylva",
        "Åse",
      ],
      last: [
        "Hansen", "Johansen", "Olsen", "Larsen", "Andersen", "Pedersen", "Nilsen", "Kristiansen",
        "Berg", "Haugen", "Dahl", "Lunde",
      ],
      places: [
        ("Bergen", "Vestland"), ("Tromsø", "Troms"), ("Trondheim", "Trøndelag"),
        ("Stavanger", "Rogaland"), ("Bodø", "Nordland"), ("Lillehammer", "Innlandet"),
      ],
      streets: ["Storgata", "Kirkeveien", "Skoleveien", "Fjordveien", "Bjørkelia", "Solbakken"],
      phone: "########", cell: "4#######", postcode: .text(Array("####".utf8)),
      identifier: ("FN", "###########"),
      timezones: [("+1:00", "Brussels, Copenhagen, Madrid, Paris")]
    ),
    OfflineNationality(
      nat: "IN", country: "India",
      male: [
        "Aarav", "Vivaan", "Aditya", "Arjun", "Rohan", "Ishaan", "Kabir", "Pranav", "Siddharth",
        "Vikram",
      ],
      female: [
        "Aanya", "Diya", "Ananya", "Priya", "Saanvi", "Kavya", "Meera", "Ishita", "Nisha",
        "Riya",
      ],
      last: [
        "Sharma", "Patel", "Reddy", "Nair", "Iyer", "Gupta", "Singh", "Kumar", "Das", "Mehta",
        "Rao", "Joshi",
      ],
      places: [
        ("Pune", "Maharashtra"), ("Jaipur", "Rajasthan"), ("Kochi", "Kerala"),
        ("Mysuru", "Karnataka"), ("Indore", "Madhya Pradesh"), ("Lucknow", "Uttar Pradesh"),
      ],
      streets: ["MG Road", "Nehru Road", "Station Road", "Temple Street", "Gandhi Nagar", "Park Street"],
      phone: "#########", cell: "9#########", postcode: .number(110_000...855_999),
      identifier: ("UIDAI", "############"),
      timezones: [("+5:30", "Bombay, Calcutta, Madras, New Delhi")]
    ),
    OfflineNationality(
      nat: "MX", country: "Mexico",
      male: [
        "Santiago", "Mateo", "Leonardo", "Emiliano", "Diego", "Iker", "Jesús", "Fernando", "Héctor",
        "Ramón",
      ],
      female: [
        "Ximena", "Valentina", "Regina", "Camila", "Renata", "Guadalupe", "Fernanda", "Itzel",
        "Daniela", "Marisol",
      ],
      last: [
        "Hernández", "García", "Martínez", "López", "González", "Pérez", "Ramírez", "Flores",
        "Cruz", "Morales", "Vázquez", "Ortiz",
      ],
      places: [
        ("Oaxaca", "Oaxaca"), ("Puebla", "Puebla"), ("Mérida", "Yucatán"),
        ("Monterrey", "Nuevo León"), ("Guadalajara", "Jalisco"), ("Tijuana", "Baja California"),
      ],
      streets: [
        "Calle Hidalgo", "Avenida Juárez", "Calle Morelos", "Privada Zaragoza",
        "Avenida Insurgentes", "Callejón Allende",
      ],
      phone: "(6##) ### ####", cell: "(6##) ### ####", postcode: .number(10_000...99_999),
      identifier: ("NSS", "## ## ## #### #"),
      timezones: [("-6:00", "Central Time (US & Canada), Mexico City")]
    ),
  ]

  /// Adjectives and animals for user names such as `"yellowpeacock117"`, as randomuser.me makes them.
  static let usernameAdjectives: [[UInt8]] = [
    "yellow", "blue", "silver", "lazy", "happy", "brave", "tiny", "heavy", "purple", "orange", "sad",
    "crazy", "golden", "smart", "quiet", "ticklish", "angry", "beautiful", "red", "white",
  ].map { Array($0.utf8) }

  static let usernameAnimals: [[UInt8]] = [
    "peacock", "bear", "tiger", "goose", "rabbit", "swan", "koala", "leopard", "duck", "wolf",
    "frog", "elephant", "butterfly", "fish", "lion", "ladybug", "cat", "dog", "zebra", "gorilla",
  ].map { Array($0.utf8) }
}
