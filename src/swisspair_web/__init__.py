"""swisspair's tournament manager: a Django project over the :mod:`swisspair` core.

The core never imports this package; this package imports the core.
"""
