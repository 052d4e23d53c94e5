package ui

// tasks is what the workbench knows of the server's tasks: which tool
// each task of this session ran. The Tasks screen (ui/screens/tasks)
// lists them; the tools screen says which task a call runs as.
type tasks struct {
	// tools names the tool of each task this session started.
	tools map[string]string
}

func newTasks() tasks {
	return tasks{tools: map[string]string{}}
}
