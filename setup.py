"""The build step pyproject.toml cannot declare: the translation catalogues compiled from .po to .mo.

The standard library's gettext reads .mo files at run time; Babel, a build requirement only, compiles them
(modlinseq_print/i18n/catalogues.py). A wheel gets them in its build folder; an editable install gets them
beside the .po files, in place, as setuptools asks of build steps in editable mode.
"""

import importlib.util
from pathlib import Path

from setuptools import Command, setup
from setuptools.command.build import build

HERE = Path(__file__).resolve().parent
PACKAGE_LOCALE = Path("modlinseq_print", "i18n", "locale")


def _catalogues_module():
    """modlinseq_print/i18n/catalogues.py, loaded by its path (the package's dependencies are not here)."""
    spec = importlib.util.spec_from_file_location("_catalogues", HERE / "modlinseq_print" / "i18n" / "catalogues.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class build_catalogues(Command):
    """Compile modlinseq_print/i18n/locale/*.po to .mo files."""

    description = "compile the translation catalogues (.po) to the .mo files gettext reads"
    user_options = []

    def initialize_options(self):
        self.build_lib = None
        self.editable_mode = False

    def finalize_options(self):
        self.set_undefined_options("build_py", ("build_lib", "build_lib"))

    def _target(self) -> Path:
        return HERE / PACKAGE_LOCALE if self.editable_mode else Path(self.build_lib) / PACKAGE_LOCALE

    def run(self):
        _catalogues_module().compile_catalogues(self._target())

    def get_source_files(self):
        return [str(path.relative_to(HERE)) for path in sorted((HERE / PACKAGE_LOCALE).glob("*.po"))]

    def get_outputs(self):
        return [str(self._target() / (Path(po).stem + ".mo")) for po in self.get_source_files()]

    def get_output_mapping(self):
        return dict(zip(self.get_outputs(), self.get_source_files()))


build.sub_commands.append(("build_catalogues", None))
setup(cmdclass={"build_catalogues": build_catalogues})
