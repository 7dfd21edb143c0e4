"""odds"""
