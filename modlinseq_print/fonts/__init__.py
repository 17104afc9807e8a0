"""The fonts shipped with modlinseq-print (subsets of Liberation 2, SIL OFL 1.1): see LICENSE.txt."""
