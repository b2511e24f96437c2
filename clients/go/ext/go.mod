module github.com/zero-sdk/zero-sdk/clients/go/ext

go 1.23.0

require github.com/zero-sdk/zero-sdk/clients/go v0.0.0

require (
	github.com/google/jsonschema-go v0.3.0
	github.com/modelcontextprotocol/go-sdk v1.2.0
	github.com/yosida95/uritemplate/v3 v3.0.2 // indirect
	golang.org/x/oauth2 v0.30.0 // indirect
)

replace github.com/zero-sdk/zero-sdk/clients/go => ../
