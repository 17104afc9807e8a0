#!/usr/bin/env bash
# Rebuild the CMYK output profile that press-ready PDFs embed as their PDF/X output intent:
# modlinseq_print/icc/FOGRA39L-modlinseq.icc, from the FOGRA39L characterisation data that Debian ships in
# icc-profiles-free (zlib licence, see modlinseq_print/icc/LICENSE.txt), with ArgyllCMS's colprof.
#
#   sudo apt-get install icc-profiles-free argyll
#   bash scripts/build-icc-profile.sh
#
# Settings: medium quality tables (-qm -bm), no measurement data kept in the profile (-nc), a ramp black
# generation (-kr), 300 % total ink and 100 % black (-l300 -L100: the limits the preflight checks).
# colprof stamps the build time into the profile header, so a rebuild differs from the committed file in
# those bytes; the committed profile is the one every PDF embeds, so PDFs stay byte-identical run to run.
set -eu
here="$(cd "$(dirname "$0")/.." && pwd)"
source_data=/usr/share/color/icc/FOGRA39L.ti3
target="$here/modlinseq_print/icc/FOGRA39L-modlinseq.icc"
command -v colprof >/dev/null || { echo "colprof not found: install argyll (ArgyllCMS)" >&2; exit 1; }
[ -f "$source_data" ] || { echo "$source_data not found: install icc-profiles-free" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp "$source_data" "$work/FOGRA39L.ti3"
colprof -qm -bm -nc -kr -l300 -L100 \
  -A "modlinseq-print" -M "FOGRA39L coated offset" \
  -D "FOGRA39L coated offset, 300% total ink (modlinseq-print, ArgyllCMS colprof)" \
  -C "Built from FOGRA39L.ti3 (Kai-Uwe Behrmann, zlib licence) by modlinseq-print; zlib licence" \
  "$work/FOGRA39L" >/dev/null
cp "$work/FOGRA39L.icc" "$target"
echo "wrote $target ($(wc -c < "$target") bytes)"
