module github.com/zero-sdk/zero-sdk/clients/go

go 1.23
