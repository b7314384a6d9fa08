"""Command-line commands that live in their own modules, registered in :mod:`swisspair.cli`."""
