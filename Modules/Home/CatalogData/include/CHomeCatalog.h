// Home's offline data, embedded in the binary from catalog.geojson and
// cities.tsv (which Scripts/make-home-data.py writes): the place catalog in
// Geoapify's response shape, and world cities from GeoNames (CC BY 4.0) as
// tab-separated lines.
#ifndef WAYFARER_CHOMECATALOG_H
#define WAYFARER_CHOMECATALOG_H

/// The catalog: a Geoapify Places FeatureCollection, UTF-8 JSON.
const char *_Nonnull wf_home_catalog_geojson(void);
unsigned long wf_home_catalog_geojson_length(void);

/// Cities: name, country, country code, latitude, longitude, population.
const char *_Nonnull wf_home_cities_tsv(void);
unsigned long wf_home_cities_tsv_length(void);

#endif
