"""Command-line commands that live in their own modules, registered in :mod:`swisspair.cli`.

They import what they share from :mod:`swisspair.commands.plumbing`, never from :mod:`swisspair.cli`.
"""
