// Package answer holds the scriptable answers to what a server asks of its
// client mid-call: elicitation, sampling and roots. Each policy is read and
// checked once, when the flag that names it is parsed, and the policies
// compose into one client.Answerer, so a command run without a person (call,
// probe, a CI job) answers the same questions the workbench puts to one.
// It draws nothing and knows nothing of the protocol era an ask came from.
package answer
