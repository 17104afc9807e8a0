#!/usr/bin/env bash
# Rebuild the CMYK output profiles that press-ready PDFs embed as their PDF/X output intent, from the
# characterisation data that Debian ships in icc-profiles-free (zlib licence, see
# modlinseq_print/icc/LICENSE.txt), with ArgyllCMS's colprof:
#
#   modlinseq_print/icc/FOGRA39L-modlinseq.icc     from FOGRA39L.ti3 (coated offset, ISO 12647-2), the default;
#   modlinseq_print/icc/SWOP-TR005-modlinseq.icc   from TR005.ti3 (ANSI CGATS/SWOP TR 005-2007: SWOP on grade 5
#                                                  coated paper), for services that ask for a SWOP profile.
#
#   sudo apt-get install icc-profiles-free argyll
#   bash scripts/build-icc-profile.sh            # both; or name one: fogra39 or swop
#
# Settings: medium quality tables (-qm -bm), no measurement data kept in the profile (-nc), a ramp black
# generation (-kr), 300 % total ink and 100 % black (-l300 -L100: the limits the preflight checks by default,
# and SWOP's total ink limit).
# colprof stamps the build time into the profile header, so a rebuild differs from the committed file in
# those bytes; the committed profile is the one every PDF embeds, so PDFs stay byte-identical run to run.
set -eu
here="$(cd "$(dirname "$0")/.." && pwd)"
data=/usr/share/color/icc
command -v colprof >/dev/null || { echo "colprof not found: install argyll (ArgyllCMS)" >&2; exit 1; }

# build SOURCE.ti3 TARGET.icc MANUFACTURER DESCRIPTION COPYRIGHT
build() {
  local source_data="$data/$1" target="$here/modlinseq_print/icc/$2"
  [ -f "$source_data" ] || { echo "$source_data not found: install icc-profiles-free" >&2; exit 1; }
  local work
  work="$(mktemp -d)"
  cp "$source_data" "$work/data.ti3"
  colprof -qm -bm -nc -kr -l300 -L100 -A "modlinseq-print" -M "$3" -D "$4" -C "$5" "$work/data" >/dev/null
  cp "$work/data.icc" "$target"
  rm -rf "$work"
  echo "wrote $target ($(wc -c < "$target") bytes)"
}

which="${1:-all}"
case "$which" in all|fogra39|swop) ;; *) echo "unknown profile $which: use fogra39 or swop" >&2; exit 2 ;; esac
if [ "$which" = all ] || [ "$which" = fogra39 ]; then
  build FOGRA39L.ti3 FOGRA39L-modlinseq.icc "FOGRA39L coated offset" \
    "FOGRA39L coated offset, 300% total ink (modlinseq-print, ArgyllCMS colprof)" \
    "Built from FOGRA39L.ti3 (Kai-Uwe Behrmann, zlib licence) by modlinseq-print; zlib licence"
fi
if [ "$which" = all ] || [ "$which" = swop ]; then
  build TR005.ti3 SWOP-TR005-modlinseq.icc "SWOP grade 5 coated (CGATS TR 005)" \
    "SWOP grade 5 coated, CGATS TR 005, 300% total ink (modlinseq-print, ArgyllCMS colprof)" \
    "Built from ANSI CGATS/SWOP TR 005-2007 characterization data (TR005.ti3, Kai-Uwe Behrmann, zlib licence) by modlinseq-print; zlib licence"
fi
