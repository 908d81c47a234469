// Command gen generates Kubernetes APIs for Azure resources from ARM swagger; see README.md.
package main

import "github.com/armgen/armgen/internal/cli"

func main() { cli.Main(newRootCommand()) }
