#!/usr/bin/env bash
# Install the system tools the tests use (qpdf, poppler-utils, chromium with chromium-driver for the
# studio's browser tests, prusa-slicer, which slices the 3D pieces' files, Ghostscript, whose tiffsep device
# shows each ink plate of a press file, and ArgyllCMS with icc-profiles-free, which rebuild and check the
# shipped output profiles) when missing and we are root;
# and axe-core (the accessibility checker the studio's browser tests run in the page) from the npm registry
# into node_modules/, never shipped in the package.
# Without them the tests that need them skip with a reason (in CI, CI=true, they fail); this script never fails
# the build itself.
set -u
cd "$(dirname "$0")/.." || exit 0
AXE_VERSION=4.14
if [ ! -f node_modules/axe-core/axe.min.js ] && command -v npm >/dev/null 2>&1; then
  echo "installing axe-core $AXE_VERSION (the studio tests' accessibility checker) from npm into node_modules/" >&2
  npm install --no-save --no-package-lock --no-audit --no-fund --silent "axe-core@~$AXE_VERSION" >/dev/null 2>&1 \
    || echo "could not install axe-core from npm; the studio's accessibility test will be skipped" >&2
fi
missing=()
command -v qpdf >/dev/null 2>&1 || missing+=(qpdf)
{ command -v pdftoppm >/dev/null 2>&1 && command -v pdftotext >/dev/null 2>&1; } || missing+=(poppler-utils)
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromedriver ] || missing+=(chromium-driver)
command -v prusa-slicer >/dev/null 2>&1 || missing+=(prusa-slicer)
command -v gs >/dev/null 2>&1 || missing+=(ghostscript)
command -v colprof >/dev/null 2>&1 || missing+=(argyll)
[ -f /usr/share/color/icc/FOGRA39L.ti3 ] || missing+=(icc-profiles-free)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  # apt's own progress is shown (a chromium install downloads a few hundred MB and takes minutes).
  echo "installing ${missing[*]} with apt-get; its progress follows" >&2
  { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"; } >&2 \
    || echo "could not install ${missing[*]}; tests that need them will be skipped" >&2
else
  echo "missing ${missing[*]} (not root): tests that need them will be skipped" >&2
fi
exit 0
