// Home's offline data: the two readable files beside this one, embedded as
// they are (C23 #embed), so the binary needs no resources folder and there
// is no second copy to keep in step.
#include "CHomeCatalog.h"

static const char catalog_geojson[] = {
#embed "catalog.geojson"
};

static const char cities_tsv[] = {
#embed "cities.tsv"
};

const char *wf_home_catalog_geojson(void) { return catalog_geojson; }
unsigned long wf_home_catalog_geojson_length(void) { return sizeof catalog_geojson; }

const char *wf_home_cities_tsv(void) { return cities_tsv; }
unsigned long wf_home_cities_tsv_length(void) { return sizeof cities_tsv; }
