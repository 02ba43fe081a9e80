"""The meaning of the library's papers, learned from the library itself at index time:
latent semantic analysis of the abstracts (model.py), kept beside the search index
(meaning.py, space.py, build.py), for papers similar by meaning, searching by meaning
(`~words`) and the topic map (topics.py, `topic:N`).

What this package exports is light, for the launch path: numpy loads when a space is
first read or fitted (numpy only: sparse.py, tfidf.py, kmeans.py; no scikit-learn or scipy).
"""

from .layout import MEANING_LIMIT, BuildReport, StoreView
from .meaning import MeaningIndex
from .query import MEANING_PREFIX, Topic, TopicFilter, meaning_query, split_topic_filters

__all__ = ["MEANING_LIMIT", "MEANING_PREFIX", "BuildReport", "MeaningIndex", "StoreView",
           "Topic", "TopicFilter", "meaning_query", "split_topic_filters"]
