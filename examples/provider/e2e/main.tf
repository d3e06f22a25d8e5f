# The configuration scripts/e2e.sh drives OpenTofu and Terraform with. It also
# runs by hand: see examples/provider/README.md.
terraform {
  required_providers {
    dynvalexample = { source = "libdynval/dynvalexample" }
  }
}

variable "display_name" {
  type    = string
  default = "first"
}

variable "name" {
  type    = string
  default = "Zoë Ångström 日本"
}

variable "password" {
  type      = string
  default   = null
  sensitive = true
}

provider "dynvalexample" {
  store_dir = "${abspath(path.root)}/store"
}

resource "dynvalexample_thing" "a" {
  name         = var.name
  display_name = var.display_name
  quantity     = 12345678901234567890
  labels       = { "zoë" = "ü", "日本" = "語", "a b" = "c" }
  tags         = ["β", "alpha", "Ωmega"]
  secret       = "hunter2"
  password_wo  = var.password
  extra = {
    answer = 12345678901234567890
    ratio  = 0.1
    list   = [1, "two", true]
    "ключ" = "значение"
    nested = { deep = [{ x = -0.5 }] }
  }
  endpoints = [{ host = "a.example" }, { host = "b.example", port = 8080 }]

  network {
    subnet = "10.0.0.0/24"
  }
  rule {
    port = 22
  }
  rule {
    port        = 53
    protocol    = "udp"
    description = "DNS — ünïcode"
  }
}

# Planned while a's id and serial are unknown: OpenTofu sends their
# refinements (prefix "thing-", >= 1) in this resource's configuration.
resource "dynvalexample_thing" "b" {
  name         = "b"
  display_name = dynvalexample_thing.a.id
  extra        = { parent_serial = dynvalexample_thing.a.serial }
}

data "dynvalexample_thing" "a" {
  id = dynvalexample_thing.a.id
}

# Known at plan time, before a exists: OpenTofu reads the prefix refinement
# of a's planned id.
output "a_id_is_thing" {
  value = startswith(dynvalexample_thing.a.id, "thing-")
}
