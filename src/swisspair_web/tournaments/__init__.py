"""The tournaments app: events, sections, players, rounds, results."""
