"""The Gin Rummy table."""
