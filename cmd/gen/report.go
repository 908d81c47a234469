package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/armgen/armgen/pkg/codegen"
)

// newReportCommand prints what an --all run would generate and skip, per provider, without
// rendering anything.
func newReportCommand(g *globalFlags) *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "report",
		Short: "Report, per provider, the resources of the spec root that generate and those skipped, with reasons ('report aso': ASO's kinds against ours)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			o, err := g.options()
			if err != nil {
				return err
			}
			o.All, o.StopAfter = true, "plan-conversions"
			res, err := codegen.Run(cmd.Context(), o)
			if err != nil {
				return err
			}
			switch format {
			case "md", "markdown":
				res.Coverage.Markdown(cmd.OutOrStdout())
			case "json":
				data, err := res.Coverage.JSON()
				if err != nil {
					return err
				}
				fmt.Fprintln(cmd.OutOrStdout(), string(data))
			default:
				return fmt.Errorf("--output: %q is not md or json", format)
			}
			return nil
		},
	}
	cmd.Flags().StringVarP(&format, "output", "O", "md", "md or json")
	cmd.AddCommand(newReportASOCommand(g))
	return cmd
}
