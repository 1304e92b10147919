"""The shop owner's settings in the console: the shop's texts, pictures, fees, flags and
exchange rate (with its history). Reads and writes `bff.shops.models.Shop`; a package of its
own so it may use the audit log, which itself depends on shops."""
