"""The public site and a member's own space: pages, forms, tables and template tags."""
