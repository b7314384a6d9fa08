"""The arbiters' pages: forms read, operations of :mod:`..services` run, and what they did said; with
the files only arbiters get (TRF, cards, entries, check-in). :mod:`.common` holds what they share."""
