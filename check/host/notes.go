package host

// UnknownGroup is the hosts no source covers for one rule a call's result
// broke: the same thing is unknown for each, so a reader sees it once.
type UnknownGroup struct {
	// Rule is the rule's id.
	Rule string
	// Hosts are the hosts it is unknown in, in the findings' order.
	Hosts []ID
}

// Notes arranges the host findings of one call's result for a person: the
// findings that say what a host does (works findings, a host's sourced
// evidence that it copes, break nothing and are left out), then for each
// rule the hosts no source covers, folded into one group.
func Notes(fs []Finding) (known []Finding, unknown []UnknownGroup) {
	at := map[string]int{}
	for _, f := range fs {
		switch f.Verdict {
		case Works:
		case Unknown:
			i, ok := at[f.Rule]
			if !ok {
				i = len(unknown)
				at[f.Rule] = i
				unknown = append(unknown, UnknownGroup{Rule: f.Rule})
			}
			unknown[i].Hosts = append(unknown[i].Hosts, f.Host)
		default:
			known = append(known, f)
		}
	}
	return known, unknown
}
