"""Shipped assets (fonts, GUI theme): installed as the package ``game.shipped_assets`` (see
setup.py) and read through importlib.resources by ``game/ui/assets.py``."""
