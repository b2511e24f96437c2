module zero-sdk.local/bench/go_decode

go 1.23

require github.com/zero-sdk/zero-sdk/clients/go v0.0.0

replace github.com/zero-sdk/zero-sdk/clients/go => ../../clients/go
