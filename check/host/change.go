package host

// Change is one thing a host does to a tool on its way to the model: a
// rename, a description cut, a keyword stripped or rewritten, a $ref
// inlined.
type Change struct {
	// Pointer is where in the tool object as sent: "/name",
	// "/inputSchema/properties/when/format".
	Pointer string `json:"pointer"`
	// What says what changed, with the values: `renamed "get.user" to
	// "mcp__crm__get_user"`.
	What string `json:"what"`
	// Rule is the catalogue rule the change belongs to, when one does.
	Rule string `json:"rule,omitempty"`
	// Sources are the evidence for the host doing it; never empty.
	Sources []Source `json:"sources"`
}
