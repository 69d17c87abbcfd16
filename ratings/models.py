"""Rating systems, current ratings and rating history: filled by the ratings issue."""
