"""Words that say how a text is put, not what it is about: left out where they would only dilute."""

from __future__ import annotations

# English function words: the NLTK stopword list.
_FUNCTION_WORDS = """i me my myself we our ours ourselves you your yours yourself yourselves he him his himself
    she her hers herself it its itself they them their theirs themselves what which who whom this that these
    those am is are was were be been being have has had having do does did doing a an the and but if or because
    as until while of at by for with about against between into through during before after above below to from
    up down in out on off over under again further then once here there when where why how all any both each few
    more most other some such no nor not only own same so than too very s t can will just don should now d ll m
    o re ve y ain aren couldn isn wasn weren won wouldn doesn didn hasn haven shouldn"""
FUNCTION_WORDS = frozenset(_FUNCTION_WORDS.split())

# The few words left out of every term (BM25's terms, the hash embedder's tokens). BM25's IDF already
# weighs common words down, so this list stays short; changing it changes every cached term list.
_TERM_STOPWORDS = "a an the and or of to in on for with is are was be by at as it this that from we our you i"
TERM_STOPWORDS = frozenset(_TERM_STOPWORDS.split())
