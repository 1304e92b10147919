"""Local fakes of the payment gateways (WeChat Pay API v3, Alipay), served on a free loopback
port by the tests, that sign and encrypt exactly as the real ones do, with keys made for the run."""
