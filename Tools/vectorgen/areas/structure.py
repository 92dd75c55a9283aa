"""structure: parts, order, preamble, epilogue, zero parts, truncation."""
from vectorgen import B, CT, at, close, d, p, part, vector

body = part("a", "1") + close()
vector("structure/y-single-field", body,
       "one text field, framed exactly as browsers frame it",
       ["RFC 7578 §4", "RFC 2046 §5.1.1"],
       [], [p("a", "1")])
