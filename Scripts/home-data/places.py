"""The offline catalog's places: real, well-known places in eight cities.

Coordinates, addresses and websites are public facts about each place; phone
numbers and opening hours are left out where they could not be checked.
make-home-data.py turns this table into Geoapify's FeatureCollection shape.
"""

# name, categories, lat, lon, street, housenumber, postcode, website, extras
CITIES = {
    ("São Paulo", "Brazil", "br", "America/Sao_Paulo"): [
        ("Pinacoteca de São Paulo", "entertainment.museum", -23.5343, -46.6339, "Praça da Luz", "2", "01120-010", "https://pinacoteca.org.br", {"wikipedia": "pt:Pinacoteca do Estado de São Paulo", "wheelchair": "yes"}),
        ("Museu de Arte de São Paulo", "entertainment.museum", -23.5614, -46.6559, "Avenida Paulista", "1578", "01310-200", "https://masp.org.br", {"wikipedia": "pt:Museu de Arte de São Paulo", "wheelchair": "yes"}),
        ("Theatro Municipal de São Paulo", "entertainment.culture.theatre", -23.5452, -46.6388, "Praça Ramos de Azevedo", None, "01037-010", "https://theatromunicipal.org.br", {"wikipedia": "pt:Theatro Municipal de São Paulo"}),
        ("Catedral da Sé", "tourism.sights.place_of_worship", -23.5510, -46.6343, "Praça da Sé", None, "01001-000", None, {"wikipedia": "pt:Catedral da Sé de São Paulo", "fee": "no"}),
        ("Mercado Municipal de São Paulo", "catering.food_court", -23.5417, -46.6297, "Rua da Cantareira", "306", "01024-000", None, {"wikipedia": "pt:Mercado Municipal de São Paulo"}),
        ("Pátio do Colégio", "tourism.sights", -23.5478, -46.6326, "Praça Pátio do Colégio", "2", "01016-040", None, {"wikipedia": "pt:Pátio do Colégio"}),
        ("Edifício Itália", "tourism.attraction.viewpoint", -23.5457, -46.6434, "Avenida Ipiranga", "344", "01046-010", None, {"wikipedia": "pt:Edifício Itália"}),
        ("Edifício Copan", "tourism.sights", -23.5462, -46.6444, "Avenida Ipiranga", "200", "01046-925", None, {"wikipedia": "pt:Edifício Copan"}),
        ("Museu da Língua Portuguesa", "entertainment.museum", -23.5351, -46.6349, "Praça da Luz", None, "01120-010", "https://www.museudalinguaportuguesa.org.br", {"wikipedia": "pt:Museu da Língua Portuguesa"}),
        ("Parque Ibirapuera", "leisure.park", -23.5874, -46.6576, "Avenida Pedro Álvares Cabral", None, "04094-050", None, {"wikipedia": "pt:Parque Ibirapuera", "fee": "no"}),
    ],
    ("Lisbon", "Portugal", "pt", "Europe/Lisbon"): [
        ("Praça do Comércio", "tourism.sights.square", 38.7075, -9.1364, "Praça do Comércio", None, "1100-148", None, {"wikipedia": "pt:Praça do Comércio", "fee": "no"}),
        ("Castelo de São Jorge", "tourism.sights.castle", 38.7139, -9.1335, "Rua de Santa Cruz do Castelo", None, "1100-129", "https://castelodesaojorge.pt", {"wikipedia": "pt:Castelo de São Jorge", "fee": "yes"}),
        ("Sé de Lisboa", "tourism.sights.place_of_worship", 38.7097, -9.1331, "Largo da Sé", None, "1100-585", None, {"wikipedia": "pt:Sé de Lisboa"}),
        ("Elevador de Santa Justa", "tourism.attraction", 38.7121, -9.1394, "Rua do Ouro", None, "1150-060", None, {"wikipedia": "pt:Elevador de Santa Justa"}),
        ("Miradouro de São Pedro de Alcântara", "tourism.attraction.viewpoint", 38.7155, -9.1446, "Rua de São Pedro de Alcântara", None, "1250-237", None, {"fee": "no"}),
        ("A Brasileira", "catering.cafe", 38.7107, -9.1424, "Rua Garrett", "120", "1200-273", None, {"wikipedia": "pt:A Brasileira"}),
        ("Museu Calouste Gulbenkian", "entertainment.museum", 38.7372, -9.1546, "Avenida de Berna", "45A", "1067-001", "https://gulbenkian.pt", {"wikipedia": "pt:Museu Calouste Gulbenkian", "wheelchair": "yes"}),
    ],
    ("Paris", "France", "fr", "Europe/Paris"): [
        ("Musée du Louvre", "entertainment.museum", 48.8606, 2.3376, "Rue de Rivoli", None, "75001", "https://www.louvre.fr", {"wikipedia": "fr:Musée du Louvre", "wheelchair": "yes", "fee": "yes"}),
        ("Cathédrale Notre-Dame de Paris", "tourism.sights.place_of_worship", 48.8530, 2.3499, "Parvis Notre-Dame - Place Jean-Paul II", "6", "75004", "https://www.notredamedeparis.fr", {"wikipedia": "fr:Cathédrale Notre-Dame de Paris", "fee": "no"}),
        ("Centre Pompidou", "entertainment.museum", 48.8607, 2.3524, "Place Georges-Pompidou", None, "75004", "https://www.centrepompidou.fr", {"wikipedia": "fr:Centre Pompidou"}),
        ("Sainte-Chapelle", "tourism.sights.place_of_worship", 48.8554, 2.3450, "Boulevard du Palais", "10", "75001", None, {"wikipedia": "fr:Sainte-Chapelle", "fee": "yes"}),
        ("Musée d'Orsay", "entertainment.museum", 48.8600, 2.3266, "Esplanade Valéry Giscard d'Estaing", "1", "75007", "https://www.musee-orsay.fr", {"wikipedia": "fr:Musée d'Orsay", "wheelchair": "yes"}),
        ("Panthéon", "tourism.sights", 48.8462, 2.3464, "Place du Panthéon", None, "75005", None, {"wikipedia": "fr:Panthéon (Paris)"}),
        ("Jardin du Luxembourg", "leisure.park", 48.8462, 2.3372, "Rue de Médicis", None, "75006", None, {"wikipedia": "fr:Jardin du Luxembourg", "fee": "no"}),
        ("Café de Flore", "catering.cafe", 48.8541, 2.3326, "Boulevard Saint-Germain", "172", "75006", "https://cafedeflore.fr", {"wikipedia": "fr:Café de Flore"}),
        ("Tour Eiffel", "tourism.attraction", 48.8584, 2.2945, "Avenue Gustave Eiffel", "5", "75007", "https://www.toureiffel.paris", {"wikipedia": "fr:Tour Eiffel", "fee": "yes"}),
    ],
    ("London", "United Kingdom", "gb", "Europe/London"): [
        ("British Museum", "entertainment.museum", 51.5194, -0.1270, "Great Russell Street", None, "WC1B 3DG", "https://www.britishmuseum.org", {"wikipedia": "en:British Museum", "fee": "no", "wheelchair": "yes"}),
        ("National Gallery", "entertainment.museum", 51.5089, -0.1283, "Trafalgar Square", None, "WC2N 5DN", "https://www.nationalgallery.org.uk", {"wikipedia": "en:National Gallery", "fee": "no"}),
        ("Tower of London", "tourism.sights.castle", 51.5081, -0.0759, "Tower Hill", None, "EC3N 4AB", "https://www.hrp.org.uk/tower-of-london/", {"wikipedia": "en:Tower of London", "fee": "yes"}),
        ("St Paul's Cathedral", "tourism.sights.place_of_worship", 51.5138, -0.0984, "St. Paul's Churchyard", None, "EC4M 8AD", "https://www.stpauls.co.uk", {"wikipedia": "en:St Paul's Cathedral"}),
        ("Westminster Abbey", "tourism.sights.place_of_worship", 51.4994, -0.1273, "Broad Sanctuary", "20", "SW1P 3PA", "https://www.westminster-abbey.org", {"wikipedia": "en:Westminster Abbey"}),
        ("Tate Modern", "entertainment.museum", 51.5076, -0.0994, "Bankside", None, "SE1 9TG", "https://www.tate.org.uk", {"wikipedia": "en:Tate Modern", "fee": "no"}),
        ("Hyde Park", "leisure.park", 51.5073, -0.1657, "Hyde Park", None, "W2 2UH", None, {"wikipedia": "en:Hyde Park, London", "fee": "no"}),
        ("Covent Garden Market", "tourism.attraction", 51.5120, -0.1225, "The Market Building", None, "WC2E 8RF", None, {"wikipedia": "en:Covent Garden"}),
    ],
    ("New York City", "United States", "us", "America/New_York"): [
        ("National September 11 Memorial & Museum", "entertainment.museum", 40.7115, -74.0134, "Greenwich Street", "180", "10007", "https://www.911memorial.org", {"wikipedia": "en:National September 11 Memorial & Museum"}),
        ("One World Observatory", "tourism.attraction.viewpoint", 40.7130, -74.0132, "West Street", "117", "10007", None, {"wikipedia": "en:One World Trade Center", "fee": "yes"}),
        ("Brooklyn Bridge", "tourism.sights.bridge", 40.7061, -73.9969, "Brooklyn Bridge", None, "10038", None, {"wikipedia": "en:Brooklyn Bridge", "fee": "no"}),
        ("Washington Square Park", "leisure.park", 40.7308, -73.9973, "Washington Square", None, "10012", None, {"wikipedia": "en:Washington Square Park", "fee": "no"}),
        ("The Battery", "leisure.park", 40.7033, -74.0170, "Battery Place", None, "10004", None, {"wikipedia": "en:The Battery (Manhattan)"}),
        ("Katz's Delicatessen", "catering.restaurant", 40.7223, -73.9874, "East Houston Street", "205", "10002", "https://katzsdelicatessen.com", {"wikipedia": "en:Katz's Delicatessen"}),
        ("Statue of Liberty", "tourism.sights.memorial", 40.6892, -74.0445, "Liberty Island", None, "10004", "https://www.nps.gov/stli/", {"wikipedia": "en:Statue of Liberty"}),
        ("Empire State Building", "tourism.attraction.viewpoint", 40.7484, -73.9857, "Fifth Avenue", "350", "10118", "https://www.esbnyc.com", {"wikipedia": "en:Empire State Building", "fee": "yes"}),
    ],
    ("Tokyo", "Japan", "jp", "Asia/Tokyo"): [
        ("Tokyo Metropolitan Government Building", "tourism.attraction.viewpoint", 35.6896, 139.6921, "Nishi-Shinjuku", "2-8-1", "163-8001", None, {"wikipedia": "en:Tokyo Metropolitan Government Building", "fee": "no"}),
        ("Meiji Jingu", "tourism.sights.place_of_worship", 35.6764, 139.6993, "Yoyogikamizonocho", "1-1", "151-8557", "https://www.meijijingu.or.jp", {"wikipedia": "en:Meiji Shrine", "fee": "no"}),
        ("Shinjuku Gyoen", "leisure.park", 35.6852, 139.7100, "Naitomachi", "11", "160-0014", None, {"wikipedia": "en:Shinjuku Gyo-en", "fee": "yes"}),
        ("Yoyogi Park", "leisure.park", 35.6717, 139.6949, "Yoyogikamizonocho", "2-1", "151-0052", None, {"wikipedia": "en:Yoyogi Park", "fee": "no"}),
        ("Omoide Yokocho", "catering.restaurant", 35.6932, 139.6995, "Nishi-Shinjuku", "1-2", "160-0023", None, {"wikipedia": "en:Omoide Yokocho"}),
        ("Shinjuku Golden Gai", "catering.bar", 35.6940, 139.7047, "Kabukicho", "1-1", "160-0021", None, {"wikipedia": "en:Golden Gai"}),
        ("Takeshita Street", "tourism.attraction", 35.6715, 139.7031, "Jingumae", "1", "150-0001", None, {"wikipedia": "en:Takeshita Street"}),
        ("Shibuya Crossing", "tourism.attraction", 35.6595, 139.7005, "Dogenzaka", "2", "150-0043", None, {"wikipedia": "en:Shibuya Crossing"}),
    ],
    ("Rome", "Italy", "it", "Europe/Rome"): [
        ("Colosseo", "tourism.sights.archaeological_site", 41.8902, 12.4922, "Piazza del Colosseo", None, "00184", "https://colosseo.it", {"wikipedia": "it:Colosseo", "fee": "yes"}),
        ("Foro Romano", "tourism.sights.archaeological_site", 41.8925, 12.4853, "Via della Salara Vecchia", "5/6", "00186", None, {"wikipedia": "it:Foro Romano", "fee": "yes"}),
        ("Fontana di Trevi", "tourism.attraction.fountain", 41.9009, 12.4833, "Piazza di Trevi", None, "00187", None, {"wikipedia": "it:Fontana di Trevi", "fee": "no"}),
        ("Pantheon", "tourism.sights.place_of_worship", 41.8986, 12.4769, "Piazza della Rotonda", None, "00186", None, {"wikipedia": "it:Pantheon (Roma)"}),
        ("Piazza Navona", "tourism.sights.square", 41.8992, 12.4731, "Piazza Navona", None, "00186", None, {"wikipedia": "it:Piazza Navona", "fee": "no"}),
        ("Scalinata di Trinità dei Monti", "tourism.sights", 41.9060, 12.4828, "Piazza di Spagna", None, "00187", None, {"wikipedia": "it:Scalinata di Trinità dei Monti"}),
        ("Basilica di Santa Maria Maggiore", "tourism.sights.place_of_worship", 41.8976, 12.4984, "Piazza di Santa Maria Maggiore", "42", "00100", None, {"wikipedia": "it:Basilica di Santa Maria Maggiore"}),
    ],
    ("Berlin", "Germany", "de", "Europe/Berlin"): [
        ("Brandenburger Tor", "tourism.sights.city_gate", 52.5163, 13.3777, "Pariser Platz", None, "10117", None, {"wikipedia": "de:Brandenburger Tor", "fee": "no"}),
        ("Reichstagsgebäude", "tourism.sights", 52.5186, 13.3762, "Platz der Republik", "1", "11011", "https://www.bundestag.de", {"wikipedia": "de:Reichstagsgebäude", "wheelchair": "yes"}),
        ("Pergamonmuseum", "entertainment.museum", 52.5212, 13.3969, "Bodestraße", "1-3", "10178", "https://www.smb.museum", {"wikipedia": "de:Pergamonmuseum"}),
        ("Berliner Dom", "tourism.sights.place_of_worship", 52.5191, 13.4010, "Am Lustgarten", None, "10178", "https://www.berlinerdom.de", {"wikipedia": "de:Berliner Dom", "fee": "yes"}),
        ("Berliner Fernsehturm", "tourism.attraction.viewpoint", 52.5208, 13.4094, "Panoramastraße", "1A", "10178", "https://tv-turm.de", {"wikipedia": "de:Berliner Fernsehturm", "fee": "yes"}),
        ("Checkpoint Charlie", "tourism.sights.memorial", 52.5075, 13.3904, "Friedrichstraße", "43-45", "10117", None, {"wikipedia": "de:Checkpoint Charlie", "fee": "no"}),
        ("East Side Gallery", "tourism.attraction.artwork", 52.5050, 13.4397, "Mühlenstraße", None, "10243", None, {"wikipedia": "de:East Side Gallery", "fee": "no"}),
        ("Gendarmenmarkt", "tourism.sights.square", 52.5137, 13.3927, "Gendarmenmarkt", None, "10117", None, {"wikipedia": "de:Gendarmenmarkt"}),
    ],
}
