/**
 * The Terraform script an ORACLE scan target group downloads: it creates, in the customer's tenancy,
 * a group whose members may only inspect and read resources (in the group's compartments — the
 * root compartment, its tenancy OCID, meaning the whole tenancy — or the tenancy when it has none), and adds the user Vigil signs in as (the group credential's
 * user_id, whose API key fingerprint Vigil holds) to it. Nothing secret is in the script.
 */
export interface OracleScriptInput {
  groupName: string;
  credential: { region?: unknown; tenancy_id?: unknown; user_id?: unknown; key_fingerprint?: unknown };
  compartments: Array<{ name: string; ocid: string }>;
}

// Terraform's own interpolation of the group's name, written into the script as it is.
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Terraform expression, not a JavaScript template
const GROUP_NAME_EXPRESSION = '${oci_identity_group.vigil.name}';

/** An HCL string literal: quotes, backslashes and template markers escaped. */
const hcl = (value: unknown) =>
  JSON.stringify(String(value ?? ''))
    .replace(/\$\{/g, '$${')
    .replace(/%\{/g, '%%{');

export function oracleTerraformScript({ groupName, credential, compartments }: OracleScriptInput): string {
  const scopes = compartments.length
    ? compartments.map((c) => ({
        where: c.ocid.startsWith('ocid1.tenancy.') ? 'tenancy' : `compartment id ${c.ocid}`,
        label: `${JSON.stringify(c.name)} (${c.ocid})`,
      }))
    : [{ where: 'tenancy', label: 'the whole tenancy' }];
  const statements = scopes.flatMap((s) => [
    `Allow group \${oci_identity_group.vigil.name} to inspect all-resources in ${s.where}`,
    `Allow group \${oci_identity_group.vigil.name} to read all-resources in ${s.where}`,
  ]);
  return `# Vigil read-only access for the Oracle Cloud scan target group ${JSON.stringify(groupName)}.
# Scope: ${scopes.map((s) => s.label).join(', ')}.
# Run it as a tenancy administrator: terraform init && terraform apply
terraform {
  required_providers {
    oci = { source = "oracle/oci" }
  }
}

variable "tenancy_ocid" {
  default = ${hcl(credential.tenancy_id)}
}

variable "region" {
  default = ${hcl(credential.region)}
}

# The user Vigil signs in as (its API key fingerprint: ${hcl(credential.key_fingerprint)}).
variable "vigil_user_ocid" {
  default = ${hcl(credential.user_id)}
}

provider "oci" {
  tenancy_ocid = var.tenancy_ocid
  region       = var.region
}

resource "oci_identity_group" "vigil" {
  compartment_id = var.tenancy_ocid
  name           = "vigil-read-only"
  description    = "Vigil security posture scans: inspect and read only"
}

resource "oci_identity_user_group_membership" "vigil" {
  group_id = oci_identity_group.vigil.id
  user_id  = var.vigil_user_ocid
}

resource "oci_identity_policy" "vigil" {
  compartment_id = var.tenancy_ocid
  name           = "vigil-read-only"
  description    = "Lets Vigil inspect and read the resources it scans"
  statements = [
${statements.map((s) => `    ${hcl(s).replace(`$${GROUP_NAME_EXPRESSION}`, GROUP_NAME_EXPRESSION)},`).join('\n')}
  ]
}

output "vigil_group_ocid" {
  value = oci_identity_group.vigil.id
}
`;
}
