"""facade."""
