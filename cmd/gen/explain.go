package main

import (
	"github.com/spf13/cobra"

	"github.com/armgen/armgen/pkg/codegen"
	"github.com/armgen/armgen/pkg/codegen/explain"
)

func newExplainCommand(g *globalFlags) *cobra.Command {
	return &cobra.Command{
		Use:   "explain <group>/<version>/<Kind>[.spec.<property>...]",
		Short: "Explain where a generated resource came from, or why a property has its shape",
		Long: `explain runs the generation in memory (nothing is written) and describes a generated
resource: its ARM type, scope and owner, the swagger file, PUT path and the schemas of its spec
and status, the azure-arm.yaml settings that applied to it, and its spec and status properties
with types and validations.

Given a property path below the kind, it explains that property: its Go field and wire name,
type, validations and source, and the reasons for its shape (flattening, secrets, references,
renames, embedded resources, broken recursion, enums, unions).

The version may be the Kubernetes version (v1api20201101) or the ARM api-version (2020-11-01).
Without group and version, the kind must be generated in one version only.`,
		Example: `  gen explain network/v1api20201101/VirtualNetwork
  gen explain network/2020-11-01/VirtualNetwork.spec.subnets
  gen explain VirtualNetworksSubnet.spec.networkSecurityGroup`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			q, err := explain.ParseQuery(args[0])
			if err != nil {
				return err
			}
			o, err := g.options()
			if err != nil {
				return err
			}
			if g.verbose {
				o.Observe = stagePrinter(cmd.ErrOrStderr(), true)
			}
			res, err := codegen.Run(cmd.Context(), o)
			if err != nil {
				return err
			}
			e, err := explain.Explain(res.Definitions, o.Config, q)
			if err != nil {
				return err
			}
			return e.Write(cmd.OutOrStdout())
		},
	}
}
