"""What the manager computes from its rows, writing nothing: the section as the core's tournament
(:mod:`.convert`), standings, team tables, lists, check-in, entries, categories, prizes, the rating report,
norms, and the files it reads (CSV, FIDE rating lists, TRF team records). One module per concept, named as
the module of :mod:`..services` that writes it."""
