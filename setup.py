"""The part of the build that pyproject.toml cannot say.

The project's layout keeps ``assets/`` (fonts, theme) and ``scenarios/`` (the shipped battles) at
the top level, beside ``game/``. An installed game must not look beside its source tree, so the
wheel carries both folders inside the package, as ``game.shipped_assets`` and
``game.shipped_scenarios``; the game reads them through ``importlib.resources``
(``game/scenario/paths.py``, ``game/ui/assets.py``), which works the same from a checkout
installed in editable mode, a wheel, a zip or a frozen app. Every folder under ``game/`` is a
package (data-only folders such as the lessons included), found here rather than listed by hand.
"""

from setuptools import find_namespace_packages, setup

SHIPPED_FOLDERS = {"game.shipped_assets": "assets", "game.shipped_scenarios": "scenarios"}

setup(
    packages=[*find_namespace_packages(include=["game", "game.*"]), *SHIPPED_FOLDERS],
    package_dir=SHIPPED_FOLDERS,
)
