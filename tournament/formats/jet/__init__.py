"""Reading and changing Microsoft Access Jet4 files (Papi's .papi) in pure Python, from bytes to bytes."""

from .database import DecodedEntry, JetDatabase
from .header import JetError
from .index import IndexEntry, IndexPage
from .tdef import Column, TableDef

__all__ = ["Column", "DecodedEntry", "IndexEntry", "IndexPage", "JetDatabase", "JetError", "TableDef"]
