"""Your code inside a run: custom tools, hooks, and what serves them (docs/extensions.md).

One floor of the client, above `zero_client.process` and below `zero_client.client`:

- `tools`: the `@tool` decorator and `Tool` (a function, its name and input schema);
- `hooks`: `Hooks` and the decisions its callbacks return;
- `layer`: the run's private configuration layer (Zero's config with the SDK's server and hooks);
- `server`: `Extensions` (a client's tools and hooks) and `ExtensionRun` (one run's layer and
  socket server);
- `bridge`: the script Zero runs as the SDK's MCP server and hook command.

`zero_client.process` never imports this package (it names what it needs of a run's extension
in `RunExtension`). Nothing is imported here, so `from zero_client.extensions.tools import tool`
stays as cheap as the module itself.
"""
