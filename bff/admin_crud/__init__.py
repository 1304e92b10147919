"""The console's list / create / edit / delete / picture calls for a shop's simple objects
(categories, brands, banners, articles), written once: services.py holds the rules (one
transaction with its audit entry, the version check), routes.py the calls each domain's
blueprint gets. Not in bff/common because it uses domains (accounts, audit, media, shops), and
common imports none (bff/tests/test_import_graph.py)."""
