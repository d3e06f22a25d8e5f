// placeholder until capi/ is written
