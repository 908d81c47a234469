// Command gen generates Kubernetes APIs for Azure resources from ARM swagger; see README.md.
package main

import (
	"os"

	"github.com/armgen/armgen/internal/cli"
)

func main() {
	tuneGC(os.Getenv)
	cli.Main(newRootCommand())
}
