"""Print-and-play kits: presets read from TOML and the kit document built from them.

This package is also the front door's `mp.kit`: the name `kit` on modlinseq_print is bound to this
subpackage by the import system whenever it loads, so the package is callable and calling it is
`modlinseq_print.api.kit` (`mp.kit("standard").save("kit.pdf")`), while `import modlinseq_print.kit.build`
and its kind keep working.
"""

import sys
import types


class _KitPackage(types.ModuleType):
    """The kit package, callable as the front door's kit()."""

    def __call__(self, *args, **kwargs):
        from modlinseq_print.api import kit

        return kit(*args, **kwargs)


sys.modules[__name__].__class__ = _KitPackage
