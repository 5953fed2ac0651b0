#!/bin/sh
# Makes the GeoTIFFs the real-world fixtures lack, and records GDAL's own reading of every GeoTIFF and KMZ
# (gdalinfo -json) as the expected results the tests compare against. Needs Debian's gdal-bin; CI does not
# run it, the outputs are committed.
set -eu
cd "$(dirname "$0")/../tests/fixtures"
RW=real-world/geotiff
GEN=generated
rm -f "$GEN"/*.tif gdal/*.json
q() { cmd=$1; shift; "$cmd" -q "$@"; }
# A US state plane in US survey feet (EPSG:2229, California zone 5) and a user-defined Lambert (no EPSG code).
q gdalwarp -t_srs EPSG:2229 -r near "$RW/rasterio_byte_epsg26711.tif" "$GEN/byte_epsg2229_stateplane_usft.tif"
q gdalwarp -t_srs '+proj=lcc +lat_1=33 +lat_2=45 +lat_0=39 +lon_0=-96 +x_0=0 +y_0=0 +datum=NAD83 +units=m' "$RW/rasterio_byte_epsg26711.tif" "$GEN/byte_user_defined_lcc.tif"
# A southern UTM zone and a coordinate system this console does not know (Swiss LV95).
q gdalwarp -co COMPRESS=DEFLATE -t_srs EPSG:32736 "$RW/openlayers_sentinel-b04_epsg32636_cog.tif" "$GEN/sentinel_epsg32736_utm_south.tif"
q gdal_translate -a_srs EPSG:2056 -a_ullr 2600000 1200600 2600600 1200000 "$RW/rasterio_byte_epsg26711.tif" "$GEN/byte_epsg2056_unknown.tif"
# Big-endian byte order, BigTIFF, and YCbCr JPEG.
q gdal_translate -co ENDIANNESS=BIG "$RW/openlayers_0-0-0_epsg4326_world.tif" "$GEN/world_big_endian.tif"
q gdal_translate -co BIGTIFF=YES -co COMPRESS=DEFLATE -co TILED=YES "$RW/rasterio_alpha_epsg3857_jpeg.tif" "$GEN/alpha_epsg3857_bigtiff.tif"
q gdal_translate -co COMPRESS=JPEG -co PHOTOMETRIC=YCBCR "$RW/openlayers_0-0-0_epsg4326_world.tif" "$GEN/world_ycbcr_jpeg.tif"
# Float32 with a no-data value, and NAD83 geographic coordinates.
q gdal_translate -co COMPRESS=DEFLATE -ot Float32 -a_nodata 0 "$RW/openlayers_sentinel-b04_epsg32636_cog.tif" "$GEN/sentinel_float32_nodata.tif"
q gdalwarp -t_srs EPSG:4269 "$RW/rasterio_byte_epsg26711.tif" "$GEN/byte_epsg4269_nad83.tif"
# A header declaring 200000 x 200000 pixels in a few kilobytes (sparse tiles).
q gdal_create -of GTiff -outsize 200000 200000 -bands 1 -ot Byte -a_srs EPSG:4326 -a_ullr -100 40 -99 39 \
  -co TILED=YES -co BLOCKXSIZE=8192 -co BLOCKYSIZE=8192 -co SPARSE_OK=YES -co COMPRESS=DEFLATE "$GEN/huge_200000_sparse.tif"
# The picture inside the Etna KMZ on its own, for KML + image pairs.
unzip -p real-world/kmz/giscore_etna_groundoverlay.kmz etna.jpg > "$GEN/giscore_etna.jpg"
for f in "$RW"/*.tif "$GEN"/*.tif real-world/kmz/giscore_etna_groundoverlay.kmz; do
  gdalinfo -json "$f" > "gdal/$(basename "$f").json"
done
gdalinfo --version > gdal/VERSION
