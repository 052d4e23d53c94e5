package reach

import (
	"encoding/json"

	"github.com/toolbench/toolbench/client/toolcache"
	"github.com/toolbench/toolbench/target"
	"github.com/toolbench/toolbench/tool"
)

// SchemaCache is the tools `call` called on one server, as that server
// last listed them (client/toolcache). Only stdio servers have one: on
// streamable HTTP at 2026-07-28 the session needs the listing itself (to
// mirror x-mcp-header parameters), and the era is known only once
// connected. A nil *SchemaCache remembers nothing.
type SchemaCache struct {
	store *toolcache.Store
	key   string
}

// OpenSchemaCache returns the cache of the server t names, or nil.
func OpenSchemaCache(t target.Target) *SchemaCache {
	if t.Transport != target.Stdio {
		return nil
	}
	dir, err := toolcache.DefaultDir()
	if err != nil {
		return nil
	}
	return &SchemaCache{store: toolcache.Open(dir), key: toolcache.Key(t)}
}

// Tool returns the tool name as last listed, if it is remembered and
// still reads as a tool of that name.
func (c *SchemaCache) Tool(name string) (tool.Tool, bool) {
	if c == nil {
		return tool.Tool{}, false
	}
	raw, ok := c.store.Tool(c.key, name)
	if !ok {
		return tool.Tool{}, false
	}
	t, err := tool.Parse(raw)
	if err != nil || t.Name != name {
		return tool.Tool{}, false
	}
	return t, true
}

// Remember keeps t as listed. Failing to write costs the next call a
// listing, so it is not reported.
func (c *SchemaCache) Remember(t tool.Tool) {
	if c != nil {
		_ = c.store.Remember(c.key, t.Name, t.Raw)
	}
}

// Refresh replaces what a complete listing shows differently.
func (c *SchemaCache) Refresh(tools []tool.Tool) {
	if c == nil {
		return
	}
	listed := make(map[string]json.RawMessage, len(tools))
	for _, t := range tools {
		listed[t.Name] = t.Raw
	}
	_ = c.store.Refresh(c.key, listed)
}
